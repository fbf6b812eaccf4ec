import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestDatabase } from '@portico/db/testing';
import { createTestDatabase } from '@portico/db/testing';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-oidc-keys';
const OTHER_SECRET = 'another-secret-that-is-long-enough-for-oidc-keys';

/**
 * When the OpenID Provider is made (issue 16, cold start): after the server listens, or at the
 * first /oidc request, not during the start; keys that exist are still opened during the start.
 */
describe('the OpenID Provider at start', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'portico-oidc-start-'));
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const app = (secret: string) =>
    buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        SERVE_PORTAL: 'false',
        DATA_DIR: dataDir,
        OIDC_KEY_SECRET: secret,
      }),
      db: database.db,
      logger: false,
    });
  const liveKeys = () => database.db.prisma.oidcSigningKey.count({ where: { retiredAt: null } });

  it('makes the first keys with the provider, at the first /oidc request', async () => {
    const first = await app(SECRET);
    try {
      await first.ready();
      expect(await liveKeys()).toBe(0);
      const jwks = await first.inject({ method: 'GET', url: '/oidc/jwks' });
      expect(jwks.statusCode).toBe(200);
      expect((jwks.json() as { keys: unknown[] }).keys).toHaveLength(3);
      expect(await liveKeys()).toBe(3);
    } finally {
      await first.close();
    }
  });

  it('makes it once the server listens, without a request', async () => {
    await database.db.prisma.oidcSigningKey.deleteMany();
    const listening = await app(SECRET);
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      // No request asks for it: the keys appear because the listen hook makes the provider.
      await vi.waitFor(async () => expect(await liveKeys()).toBe(3), {
        timeout: 30_000,
        interval: 50,
      });
      const provider = await listening.oidcProvider();
      expect(await listening.oidcProvider()).toBe(provider);
    } finally {
      await listening.close();
    }
  });

  it('still refuses to start with a secret that cannot open the keys there are', async () => {
    expect(await liveKeys()).toBe(3);
    const start = async () => {
      const wrong = await app(OTHER_SECRET);
      try {
        await wrong.ready();
      } finally {
        await wrong.close().catch(() => {});
      }
    };
    await expect(start()).rejects.toThrow();
  });
});
