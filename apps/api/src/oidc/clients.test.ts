import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createApp, openTestSession } from '../../test/factories.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-oidc-keys';
const RP = 'https://rp.example.test/callback';

/**
 * Portico's clients as the OpenID Provider's clients (docs/oidc.md): a client with OIDC redirect
 * URIs authenticates at the provider's endpoints with its secret (client_secret_basic), which
 * is kept sealed; without them it is no OIDC client at all.
 */
describe('OIDC clients', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ OIDC_KEY_SECRET: SECRET });
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const fields = (app: string, extra: Record<string, unknown> = {}) => ({
    app,
    desc: 'Relying party',
    redirect: 'https://rp.example.test/portico',
    platform: 'web',
    domain: 'rp.example.test',
    custom_hash: false,
    allow_delete: false,
    allow_multiple_sessions: true,
    ...extra,
  });
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });
  /** The provider's introspection endpoint, authenticated with client_secret_basic. */
  const introspect = (id: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oidc/token/introspection',
      headers: {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'token=not-a-token',
    });

  it('authenticates a client added with OIDC redirect URIs, and keeps its secret sealed', async () => {
    const app = await createApp(t);
    const added = await post('/v1/clients/add', fields(app.id, { oidc_redirect_uris: [RP] }));
    const { client_id: id, client_secret: secret } = added.json().Msg;

    const ok = await introspect(id, secret);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ active: false });
    const wrong = await introspect(id, `${secret}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });

    const row = await t.db.prisma.client.findUniqueOrThrow({ where: { id } });
    expect(row.oidcRedirectUris).toEqual([RP]);
    expect(row.oidcSecretSealed).not.toContain(secret);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/apps',
      headers: { cookie: admin },
    });
    const clients = JSON.parse(listed.json().Msg.clients[app.id]) as Record<string, unknown>[];
    expect(clients[0]).toMatchObject({ id, oidc_redirect_uris: [RP] });
    expect(JSON.stringify(clients)).not.toContain(secret);
  });

  it('knows no client without OIDC redirect URIs', async () => {
    const app = await createApp(t);
    const added = await post('/v1/clients/add', fields(app.id));
    const { client_id: id, client_secret: secret } = added.json().Msg;
    const res = await introspect(id, secret);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('turning OIDC on issues a new secret (the old one was never kept); turning it off forgets it', async () => {
    const app = await createApp(t);
    const added = await post('/v1/clients/add', fields(app.id));
    const { client_id: id, client_secret: old } = added.json().Msg;

    const on = await post('/v1/clients/update', {
      ...fields(app.id),
      id,
      oidc_redirect_uris: [RP],
    });
    const fresh: string = on.json().Msg.client_secret;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
    expect((await introspect(id, fresh)).statusCode).toBe(200);
    expect((await introspect(id, old)).statusCode).toBe(401);

    // An update that leaves OIDC on keeps the secret.
    const kept = await post('/v1/clients/update', { ...fields(app.id), id, desc: 'Renamed' });
    expect(kept.json().Msg.client_secret).toBeUndefined();
    expect((await introspect(id, fresh)).statusCode).toBe(200);

    await post('/v1/clients/update', { ...fields(app.id), id, oidc_redirect_uris: [] });
    const row = await t.db.prisma.client.findUniqueOrThrow({ where: { id } });
    expect(row.oidcSecretSealed).toBeNull();
    expect((await introspect(id, fresh)).statusCode).toBe(401);
  });

  it('refuses an OIDC redirect URI that is not https (incomplete_param), adding nothing', async () => {
    const app = await createApp(t);
    const res = await post(
      '/v1/clients/add',
      fields(app.id, { oidc_redirect_uris: ['http://rp.example.test/cb'] }),
    );
    expect(res.json()).toMatchObject({ Code: 'incomplete_param' });
    expect(await t.db.prisma.client.count({ where: { appId: app.id } })).toBe(0);
  });

  it('keeps the OIDC settings and lists them (never a secret)', async () => {
    const app = await createApp(t);
    const settings = {
      oidc_redirect_uris: [RP],
      oidc_post_logout_redirect_uris: ['https://rp.example.test/bye'],
      oidc_grant_types: ['authorization_code', 'client_credentials'],
      oidc_auth_method: 'client_secret_post',
      oidc_backchannel_logout_uri: 'https://rp.example.test/backchannel',
      oidc_access_token_ttl: 300,
      oidc_refresh_token_ttl: 3600,
    };
    const added = await post('/v1/clients/add', fields(app.id, settings));
    const { client_id: id } = added.json().Msg;
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/apps',
      headers: { cookie: admin },
    });
    const clients = JSON.parse(listed.json().Msg.clients[app.id]) as Record<string, unknown>[];
    expect(clients[0]).toMatchObject({
      id,
      ...settings,
      oidc_jwks_uri: '',
      oidc_fapi2: false,
    });

    // An update that names none of them keeps them; "" clears a URL.
    await post('/v1/clients/update', { ...fields(app.id), id, oidc_backchannel_logout_uri: '' });
    const row = await t.db.prisma.client.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      oidcAuthMethod: 'client_secret_post',
      oidcAccessTokenTtl: 300,
      oidcBackchannelLogoutUri: null,
    });
  });

  it('refuses settings that disagree, on add and once an update is applied, changing nothing', async () => {
    const app = await createApp(t);
    const noKeys = await post(
      '/v1/clients/add',
      fields(app.id, { oidc_redirect_uris: [RP], oidc_auth_method: 'private_key_jwt' }),
    );
    expect(noKeys.json()).toMatchObject({
      Code: 'incomplete_param',
      Msg: { fields: { oidc_jwks_uri: expect.stringContaining('JWKS URI') } },
    });
    const fapiBySecret = await post(
      '/v1/clients/add',
      fields(app.id, { oidc_redirect_uris: [RP], oidc_fapi2: true }),
    );
    expect(fapiBySecret.json()).toMatchObject({
      Code: 'incomplete_param',
      Msg: { fields: { oidc_auth_method: 'The FAPI 2.0 profile needs private_key_jwt' } },
    });
    expect(await t.db.prisma.client.count({ where: { appId: app.id } })).toBe(0);

    // Stored private_key_jwt with keys; an update clearing the keys alone is refused.
    const added = await post(
      '/v1/clients/add',
      fields(app.id, {
        oidc_redirect_uris: [RP],
        oidc_auth_method: 'private_key_jwt',
        oidc_jwks_uri: 'https://rp.example.test/jwks',
      }),
    );
    const { client_id: id } = added.json().Msg;
    const cleared = await post('/v1/clients/update', { ...fields(app.id), id, oidc_jwks_uri: '' });
    expect(cleared.json()).toMatchObject({ Code: 'incomplete_param' });
    const row = await t.db.prisma.client.findUniqueOrThrow({ where: { id } });
    expect(row.oidcJwksUri).toBe('https://rp.example.test/jwks');
    // It authenticates with its keys: no secret is kept for the provider.
    expect(row.oidcSecretSealed).toBeNull();
  });

  it('refuses an unknown grant type, an unknown method and a lifetime out of range', async () => {
    const app = await createApp(t);
    for (const bad of [
      { oidc_grant_types: ['implicit'] },
      { oidc_grant_types: [] },
      { oidc_auth_method: 'none' },
      { oidc_access_token_ttl: 10 },
      { oidc_refresh_token_ttl: 10 ** 9 },
      { oidc_backchannel_logout_uri: 'http://rp.example.test/bc' },
    ]) {
      const res = await post(
        '/v1/clients/add',
        fields(app.id, { oidc_redirect_uris: [RP], ...bad }),
      );
      expect(res.json().Code, JSON.stringify(bad)).toBe('incomplete_param');
    }
    expect(await t.db.prisma.client.count({ where: { appId: app.id } })).toBe(0);
  });
});
