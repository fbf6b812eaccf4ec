import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import { openDatabase } from '@portico/db';
import type { Database } from '@portico/db';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createUser } from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';
import { readSignIn } from './sign-in-reads.js';

/**
 * The sign-in's first statement claims the guess and commits without a disk flush of its own
 * (the session's statement after the hash flushes it): only its own commit, never the pooled
 * connection's next statement.
 */
describe('the sign-in reads', () => {
  let t: TestApp;
  /** One connection, so the statement after the reads runs where they ran. */
  let single: Database;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    // PGlite has one connection anyway.
    single = t.url ? await openDatabase({ url: t.url, poolSize: 1 }) : t.db;
  });
  afterAll(async () => {
    if (single !== t.db) await single.close();
    await t.close();
  });

  it('claim the guess in a commit of their own that is not flushed, and leave the connection flushing', async () => {
    const user = await createUser(t);
    const answered: Record<string, unknown>[] = [];
    const watched: Database = {
      ...single,
      async query<T>(name: string, text: string, values?: readonly unknown[]) {
        const rows = await single.query<T>(name, text, values);
        if (name.startsWith('portico_sign_in_reads')) {
          answered.push(...(rows as Record<string, unknown>[]));
        }
        return rows;
      },
    };

    const reads = await readSignIn(watched, {
      clientId: PORTAL_CLIENT_ID,
      login: user.username,
      fingerprintHash: sha256('fingerprint-1'),
    });

    expect(reads.account?.id).toBe(user.id);
    expect(reads.claim).toMatchObject({ claimed: true });
    expect(answered).toHaveLength(1);
    expect(answered[0]?.unflushed).toBe('off');
    const [after] = await single.query<{ value: string }>(
      't_after_reads',
      "SELECT current_setting('synchronous_commit') AS value",
    );
    expect(after?.value).toBe('on');
    // Committed: another connection sees the claim.
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.failedLoginCount).toBe(1);
  });

  it('refuse to run inside a transaction, whose whole commit the setting would leave unflushed', async () => {
    const user = await createUser(t);
    const input = {
      clientId: PORTAL_CLIENT_ID,
      login: user.username,
      fingerprintHash: sha256('fingerprint-2'),
    };
    const refused = 'readSignIn must not run inside a transaction';
    await expect(t.db.prisma.$transaction(() => readSignIn(t.db, input))).rejects.toThrow(refused);
    await expect(t.db.transaction(() => readSignIn(t.db, input))).rejects.toThrow(refused);
    // Nothing was claimed.
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.failedLoginCount).toBe(0);
  });
});
