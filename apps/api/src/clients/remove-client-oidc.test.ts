import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { createApp, grantAccess } from '../../test/factories.js';
import { newClientSecret } from '../credentials/tokens.js';
import { seal } from '../oidc/keys.js';
import type { ListeningApp, OidcMember } from '../oidc/oidc.fixtures.js';
import {
  Browser,
  OIDC_TEST_SECRET,
  RP_CALLBACK,
  addOidcClient,
  discoverAs,
  memberOfApp,
  pkceAuthorization,
  signInThroughPortal,
  startListeningApp,
} from '../oidc/oidc.fixtures.js';

/**
 * Removing a client, or its application, takes the OpenID Provider's records of that client
 * with it (codes, access, refresh and client_credentials tokens, grants, pushed requests): none
 * is left to vouch for a token, not even for a client later registered under the same id (the
 * demo data's clients have fixed ids).
 */
describe("removing a client or an application removes the client's OIDC records", () => {
  let t: ListeningApp;
  let member: OidcMember;
  let appId: string;

  beforeAll(async () => {
    t = await startListeningApp();
    ({ appId, member } = await memberOfApp(t));
  });
  afterAll(() => t.close());

  /** The provider's records that name the client `id`, whatever their model. */
  const recordsOf = async (id: string) =>
    (
      await t.db.prisma.$queryRaw<{ count: number }[]>`
        SELECT count(*)::int AS count FROM oidc_records WHERE payload->>'clientId' = ${id}`
    )[0]?.count;

  /** A client that signs people in and is given client_credentials tokens, with its tokens. */
  async function clientWithTokens(app: string) {
    const client = await addOidcClient(t, app, {
      oidc_grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      oidc_auth_method: 'client_secret_post',
    });
    const config = await discoverAs(t, client, oidc.ClientSecretPost(client.secret));
    const service = (await oidc.clientCredentialsGrant(config)).access_token;
    const { url, verifier } = await pkceAuthorization(config);
    const landed = new URL(await signInThroughPortal(new Browser(t.origin), url.href, member));
    const person = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
    });
    expect(await recordsOf(client.id)).toBeGreaterThanOrEqual(4);
    return { client, service, person };
  }

  /** The same client id registered again, as the demo data or an import would, with a new secret. */
  async function registerAgain(id: string, app: string) {
    const secret = newClientSecret();
    await t.db.prisma.client.create({
      data: {
        id,
        appId: app,
        redirect: 'https://rp.example.test/portico',
        secretHash: secret.hash,
        secretMask: secret.mask,
        oidcRedirectUris: [RP_CALLBACK],
        oidcGrantTypes: ['authorization_code', 'refresh_token', 'client_credentials'],
        oidcAuthMethod: 'client_secret_post',
        oidcSecretSealed: seal(OIDC_TEST_SECRET, secret.secret),
      },
    });
    return discoverAs(t, { id }, oidc.ClientSecretPost(secret.secret));
  }

  it('clients.remove: no record of the client is left, and none revives with its id', async () => {
    const { client, service, person } = await clientWithTokens(appId);
    const removed = await t.app.inject({
      method: 'POST',
      url: `/v1/clients/remove?id=${client.id}`,
      headers: { cookie: t.admin },
      payload: {},
    });
    expect(removed.json()).toMatchObject({ Code: '200' });
    expect(await recordsOf(client.id)).toBe(0);

    const again = await registerAgain(client.id, appId);
    expect(await oidc.tokenIntrospection(again, service)).toEqual({ active: false });
    expect(await oidc.tokenIntrospection(again, person.access_token)).toEqual({ active: false });
    await expect(oidc.refreshTokenGrant(again, person.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it("apps.remove: no record of the application's clients is left", async () => {
    const doomed = (await createApp(t, { roles: ['viewer'] })).id;
    await grantAccess(t, {
      companyId: member.companyId,
      appId: doomed,
      user: member,
      roles: ['viewer'],
    });
    const { client, service } = await clientWithTokens(doomed);
    const removed = await t.app.inject({
      method: 'POST',
      url: `/v1/apps/remove?id=${doomed}`,
      headers: { cookie: t.admin },
      payload: {},
    });
    expect(removed.json()).toMatchObject({ Code: '200' });
    expect(await recordsOf(client.id)).toBe(0);

    await t.db.prisma.application.create({ data: { id: doomed, name: 'Again', status: 3 } });
    const again = await registerAgain(client.id, doomed);
    expect(await oidc.tokenIntrospection(again, service)).toEqual({ active: false });
  });
});
