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
      bannableIp: null,
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
      bannableIp: null,
    };
    const refused = 'readSignIn must not run inside a transaction';
    await expect(t.db.prisma.$transaction(() => readSignIn(t.db, input))).rejects.toThrow(refused);
    await expect(t.db.transaction(() => readSignIn(t.db, input))).rejects.toThrow(refused);
    // Nothing was claimed.
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.failedLoginCount).toBe(0);
  });

  it("read the address's graver active ban and claim nothing for a banned address", async () => {
    const user = await createUser(t);
    const read = (bannableIp: string | null) =>
      readSignIn(t.db, {
        clientId: PORTAL_CLIENT_ID,
        login: user.username,
        fingerprintHash: sha256('fingerprint-3'),
        bannableIp,
      });
    const hour = 60 * 60_000;
    const ban = (ip: string, reason: 'rate_limit' | 'credential_stuffing', more = {}) =>
      t.db.prisma.ipBan.create({
        data: { ip, reason, expiresAt: new Date(Date.now() + hour), ...more },
      });
    await ban('198.51.100.31', 'rate_limit');
    await ban('198.51.100.31', 'credential_stuffing');
    await ban('198.51.100.32', 'rate_limit');
    // Neither a lifted nor an expired ban counts.
    await ban('198.51.100.33', 'credential_stuffing', { liftedAt: new Date() });
    await ban('198.51.100.33', 'rate_limit', { expiresAt: new Date(Date.now() - 1000) });

    const stuffed = await read('198.51.100.31');
    expect(stuffed).toMatchObject({ ban: 'credential_stuffing', claim: null });
    expect(stuffed.account?.id).toBe(user.id);
    expect((await read('198.51.100.32')).ban).toBe('rate_limit');
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.failedLoginCount).toBe(0);

    const lifted = await read('198.51.100.33');
    expect(lifted).toMatchObject({ ban: null, claim: { claimed: true } });
    // A whitelisted address (no address given) is never banned.
    expect((await read(null)).ban).toBeNull();
  });
});
