import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@portico/db/testing';
import { createTestDatabase } from '@portico/db/testing';
import { ID_TOKEN_TTL_SECONDS } from './issuer.js';
import { loadSigningKeys, rotateSigningKeys } from './keys.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-oidc-keys';
const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(apiRoot, 'node_modules', '.bin', 'tsx');
const cli = path.join(apiRoot, 'src', 'oidc', 'rotate-keys-cli.ts');

/** Key rotation (`pnpm oidc:rotate-keys`), on PostgreSQL. */
describe('signing key rotation', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('signs with new keys and keeps the retired ones published for an ID token lifetime', async () => {
    const before = await loadSigningKeys(database.db, SECRET, ID_TOKEN_TTL_SECONDS);
    const { retired, created } = await rotateSigningKeys(database.db, SECRET);
    expect(retired.sort()).toEqual(before.map((key) => key.kid).sort());
    expect(created).toHaveLength(3);

    const after = await loadSigningKeys(database.db, SECRET, ID_TOKEN_TTL_SECONDS);
    // Per algorithm the new key comes first (it signs), the retired one after it.
    for (const alg of ['ES256', 'PS256', 'RS256']) {
      const ofAlg = after.filter((key) => key.alg === alg).map((key) => key.kid);
      expect(ofAlg).toHaveLength(2);
      expect(created).toContain(ofAlg[0]);
      expect(retired).toContain(ofAlg[1]);
    }
    // Once an ID token's lifetime has passed, the retired keys are gone from the set.
    await database.db.prisma.oidcSigningKey.updateMany({
      where: { kid: { in: retired } },
      data: { retiredAt: new Date(Date.now() - (ID_TOKEN_TTL_SECONDS + 60) * 1000) },
    });
    const later = await loadSigningKeys(database.db, SECRET, ID_TOKEN_TTL_SECONDS);
    expect(later.map((key) => key.kid).sort()).toEqual([...created].sort());
  });

  it('runs as a command on the configured database', async () => {
    expect(database.url, 'the command test needs PostgreSQL (TEST_DATABASE_URL)').toBeDefined();
    const { stdout } = await promisify(execFile)(tsx, [cli], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: database.url ?? '',
        OIDC_KEY_SECRET: SECRET,
      },
      timeout: 60_000,
    });
    expect(stdout).toContain('Restart every API replica');
    const live = await database.db.prisma.oidcSigningKey.findMany({ where: { retiredAt: null } });
    expect(live.map((key) => key.alg).sort()).toEqual(['ES256', 'PS256', 'RS256']);
    expect(stdout).toContain(live[0]?.kid);
  });
});
