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
});
