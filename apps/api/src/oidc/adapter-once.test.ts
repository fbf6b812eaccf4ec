import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from 'oidc-provider';
import { openDatabase } from '@portico/db';
import { createTestDatabase } from '@portico/db/testing';
import type { Database } from '../db.js';
import { unique } from '../../test/factories.js';
import { prismaAdapter } from './adapter.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-oidc-keys';

const DATABASES: [string, () => Promise<{ db: Database; close(): Promise<void> }>][] = [
  [
    'PostgreSQL',
    async () => {
      const database = await createTestDatabase();
      return { db: database.db, close: () => database.drop() };
    },
  ],
  [
    'the embedded PGlite',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-oidc-once-'));
      const db = await openDatabase({ dataDir });
      await db.migrate();
      return {
        db,
        async close() {
          await db.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  ],
];

/**
 * What the adapter does once only, on both databases (hostile-codes.test.ts and
 * hostile-fapi.test.ts found parallel presentations passing): a code or refresh token is
 * consumed by one presentation, and a jti is claimed by one.
 */
describe.each(DATABASES)('the adapter, once only, on %s', (_name, open) => {
  let t: { db: Database; close(): Promise<void> };
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.close());

  it('consumes a code once; a second consumption revokes its grant and is invalid_grant', async () => {
    const adapter = prismaAdapter(t.db, SECRET);
    const codes = adapter('AuthorizationCode');
    const tokens = adapter('AccessToken');
    const grantId = unique('grant');
    const code = unique('code');
    const token = unique('token');
    await codes.upsert(code, { jti: code, grantId }, 60);
    await tokens.upsert(token, { jti: token, grantId }, 60);
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => codes.consume(code)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(errors.InvalidGrant);
      }
    }
    expect(await tokens.find(token)).toBeUndefined();
  });

  it('refuses a consumed pushed request as invalid_request_uri', async () => {
    const requests = prismaAdapter(t.db, SECRET)('PushedAuthorizationRequest');
    const id = unique('par');
    await requests.upsert(id, { jti: id }, 60);
    await requests.consume(id);
    await expect(requests.consume(id)).rejects.toBeInstanceOf(errors.InvalidRequestUri);
  });

  it('claims a jti once, however many look for it at once, and again once expired', async () => {
    const replays = prismaAdapter(t.db, SECRET)('ReplayDetection');
    const id = unique('jti');
    const found = await Promise.all(Array.from({ length: 5 }, () => replays.find(id)));
    expect(found.filter((f) => f === undefined)).toHaveLength(1);
    await replays.upsert(id, { jti: id, iss: 'client' }, 60);
    expect(await replays.find(id)).toMatchObject({ jti: id });

    await t.db.prisma.oidcRecord.updateMany({
      where: { model: 'ReplayDetection', id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await replays.find(id)).toBeUndefined();
    expect(await replays.find(id)).toBeDefined();
  });
});
