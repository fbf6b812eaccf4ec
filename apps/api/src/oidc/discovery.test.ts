import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { ConfigError, loadConfig } from '../config.js';
import { oidcSecret } from './secret.js';

const PUBLIC_URL = 'https://sso.example.test';
const SECRET = 'a-test-secret-that-is-long-enough-for-oidc-keys';

/** The OpenID Provider's metadata and keys at /oidc (issue 13, first endpoints). */
describe('OpenID Provider discovery and JWKS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL, OIDC_KEY_SECRET: SECRET });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('publishes the issuer PUBLIC_URL/oidc and its endpoints under it', async () => {
    const res = await get('/oidc/.well-known/openid-configuration');
    expect(res.statusCode).toBe(200);
    const metadata = res.json();
    expect(metadata.issuer).toBe(`${PUBLIC_URL}/oidc`);
    expect(metadata.jwks_uri).toBe(`${PUBLIC_URL}/oidc/jwks`);
    expect(metadata.authorization_endpoint).toBe(`${PUBLIC_URL}/oidc/auth`);
    expect(metadata.token_endpoint).toBe(`${PUBLIC_URL}/oidc/token`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.id_token_signing_alg_values_supported).toEqual(
      expect.arrayContaining(['ES256', 'PS256', 'RS256']),
    );
  });

  it('publishes the public parts of one key per algorithm, kept sealed in the database', async () => {
    const res = await get('/oidc/jwks');
    expect(res.statusCode).toBe(200);
    const { keys } = res.json() as { keys: Record<string, unknown>[] };
    expect(keys.map((key) => key.alg).sort()).toEqual(['ES256', 'PS256', 'RS256']);
    for (const key of keys) {
      expect(key).not.toHaveProperty('d');
      expect(typeof key.kid).toBe('string');
    }
    const rows = await t.db.prisma.oidcSigningKey.findMany();
    expect(rows.map((row) => row.kid).sort()).toEqual(keys.map((key) => key.kid).sort());
    // The private part is sealed: no JWK field of it appears in clear.
    for (const row of rows) {
      expect(row.sealedPrivateJwk).not.toContain('"d"');
      expect(row.sealedPrivateJwk.split('.')).toHaveLength(3);
    }
  });

  it('gives a second replica on the same database the same keys', async () => {
    const { buildApp } = await import('../app.js');
    const second = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        SERVE_PORTAL: 'false',
        PUBLIC_URL,
        OIDC_KEY_SECRET: SECRET,
        DATA_DIR: '/tmp/portico-oidc-replica',
      }),
      db: t.db,
      logger: false,
    });
    try {
      await second.ready();
      const mine = (await get('/oidc/jwks')).json();
      const theirs = (await second.inject({ method: 'GET', url: '/oidc/jwks' })).json();
      expect(theirs).toEqual(mine);
    } finally {
      await second.close();
    }
  });

  it('builds its URLs from the issuer, never from a Host header a client sends', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.json().token_endpoint).toBe(`${PUBLIC_URL}/oidc/token`);
  });

  it('answers its own 404, not the portal envelope, for what it does not know', async () => {
    const res = await get('/oidc/no-such-endpoint');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"Code"');
  });
});

describe('OIDC_KEY_SECRET', () => {
  it('is required in production on PostgreSQL, and never echoed', () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
    });
    expect(() => oidcSecret(production)).toThrow(ConfigError);
    expect(oidcSecret({ ...production, OIDC_KEY_SECRET: SECRET })).toBe(SECRET);
    expect(() => loadConfig({ OIDC_KEY_SECRET: 'short-secret' })).toThrow(/at least 32/);
    try {
      loadConfig({ OIDC_KEY_SECRET: 'short-secret' });
    } catch (error) {
      expect(String(error)).not.toContain('short-secret');
    }
  });
});
