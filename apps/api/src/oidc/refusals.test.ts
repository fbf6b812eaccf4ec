import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import type { ListeningApp, OidcMember } from './oidc.fixtures.js';
import {
  Browser,
  RP_CALLBACK,
  addOidcClient,
  discoverAs,
  memberOfApp,
  pkceAuthorization,
  signInThroughPortal,
  startListeningApp,
} from './oidc.fixtures.js';

/**
 * Bad input at the protocol's endpoints: each answers the standard OAuth error and changes
 * nothing (a replayed code revokes what it issued, as RFC 6749 asks). Also the service
 * clients' client_credentials grant.
 */
describe('OIDC refusals', () => {
  let t: ListeningApp;
  let member: OidcMember;
  let appId: string;
  let client: { id: string; secret: string };
  let config: oidc.Configuration;

  const discover = (id: string, auth: oidc.ClientAuth) => discoverAs(t, { id }, auth);

  beforeAll(async () => {
    t = await startListeningApp();
    const setup = await memberOfApp(t);
    member = setup.member;
    appId = setup.appId;
    client = await addOidcClient(t, appId);
    config = await discover(client.id, oidc.ClientSecretBasic(client.secret));
  });
  afterAll(() => t.close());

  const records = (model: string) => t.db.prisma.oidcRecord.count({ where: { model } });

  async function authorizationUrl(extra: Record<string, string> = {}) {
    return pkceAuthorization(config, extra);
  }

  it('refuses a redirect URI that is not registered exactly, before any sign-in', async () => {
    const before = await records('Interaction');
    for (const redirect of [`${RP_CALLBACK}/more`, `${RP_CALLBACK}?x=1`, 'https://evil.test/cb']) {
      const { url } = await authorizationUrl({ redirect_uri: redirect });
      const response = await new Browser(t.origin).request(url.href);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('invalid_redirect_uri');
    }
    expect(await records('Interaction')).toBe(before);
  });

  it('refuses an authorization request without PKCE, or with the plain method', async () => {
    const before = await records('Interaction');
    const plain = oidc.buildAuthorizationUrl(config, {
      redirect_uri: RP_CALLBACK,
      scope: 'openid',
    });
    const withPlain = new URL(plain);
    withPlain.searchParams.set('code_challenge', 'a'.repeat(43));
    withPlain.searchParams.set('code_challenge_method', 'plain');
    for (const url of [plain, withPlain]) {
      const location = new URL(await new Browser(t.origin).follow(url.href));
      expect(`${location.origin}${location.pathname}`).toBe(RP_CALLBACK);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('iss')).toBe(t.issuer);
    }
    expect(await records('Interaction')).toBe(before);
  });

  it('refuses a replayed code and revokes the tokens it issued', async () => {
    const { url, verifier } = await authorizationUrl();
    const landed = new URL(await signInThroughPortal(new Browser(t.origin), url.href, member));
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
    });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);

    await expect(
      oidc.authorizationCodeGrant(config, landed, { pkceCodeVerifier: verifier }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('refuses an expired code, a wrong verifier and a wrong secret, issuing nothing', async () => {
    const { url, verifier } = await authorizationUrl();
    const landed = new URL(await signInThroughPortal(new Browser(t.origin), url.href, member));
    const tokensBefore = await records('AccessToken');

    const wrongSecret = await discover(client.id, oidc.ClientSecretBasic(`${client.secret}x`));
    await expect(
      oidc.authorizationCodeGrant(wrongSecret, landed, { pkceCodeVerifier: verifier }),
    ).rejects.toMatchObject({ cause: [{ parameters: { error: 'invalid_client' } }] });
    await expect(
      oidc.authorizationCodeGrant(config, landed, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await records('AccessToken')).toBe(tokensBefore);

    // A second code, let run out (the provider's clock is the row's expiry).
    const second = await authorizationUrl();
    const secondLanded = new URL(
      await signInThroughPortal(new Browser(t.origin), second.url.href, member),
    );
    await t.db.prisma.oidcRecord.updateMany({
      where: { model: 'AuthorizationCode' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expect(
      oidc.authorizationCodeGrant(config, secondLanded, { pkceCodeVerifier: second.verifier }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await records('AccessToken')).toBe(tokensBefore);
  });

  it('refuses a token of another client at introspection and revocation by answering nothing of it', async () => {
    const { url, verifier } = await authorizationUrl();
    const landed = new URL(await signInThroughPortal(new Browser(t.origin), url.href, member));
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
    });
    const other = await addOidcClient(t, appId);
    const otherConfig = await discover(other.id, oidc.ClientSecretBasic(other.secret));
    expect(await oidc.tokenIntrospection(otherConfig, tokens.access_token)).toEqual({
      active: false,
    });
    await expect(oidc.tokenRevocation(otherConfig, tokens.access_token)).rejects.toMatchObject({
      error: 'invalid_request',
    });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
  });

  it('gives a service client tokens by client_credentials, and only a client allowed to', async () => {
    const service = await addOidcClient(t, appId, {
      oidc_grant_types: ['client_credentials'],
      oidc_auth_method: 'client_secret_post',
    });
    const serviceConfig = await discover(service.id, oidc.ClientSecretPost(service.secret));
    const granted = await oidc.clientCredentialsGrant(serviceConfig);
    expect(granted.access_token).toBeTruthy();
    expect(granted.refresh_token).toBeUndefined();
    const introspected = await oidc.tokenIntrospection(serviceConfig, granted.access_token);
    expect(introspected).toMatchObject({ active: true, client_id: service.id });
    expect(introspected.sub).toBeUndefined();

    // The library answers a grant type the client was not given with invalid_request.
    await expect(oidc.clientCredentialsGrant(config)).rejects.toMatchObject({
      error: 'invalid_request',
      error_description: 'requested grant type is not allowed for this client',
    });
  });

  it("a disabled application's clients get no client_credentials tokens, and theirs end", async () => {
    const service = await addOidcClient(t, appId, {
      oidc_grant_types: ['client_credentials'],
      oidc_auth_method: 'client_secret_post',
    });
    const both = await addOidcClient(t, appId, {
      oidc_grant_types: ['authorization_code', 'client_credentials'],
      oidc_auth_method: 'client_secret_post',
    });
    const serviceConfig = await discover(service.id, oidc.ClientSecretPost(service.secret));
    const bothConfig = await discover(both.id, oidc.ClientSecretPost(both.secret));
    const serviceToken = (await oidc.clientCredentialsGrant(serviceConfig)).access_token;
    const bothToken = (await oidc.clientCredentialsGrant(bothConfig)).access_token;
    const recordsBefore = await records('ClientCredentials');

    await t.db.prisma.application.update({ where: { id: appId }, data: { status: 0 } });
    try {
      // A service client has nothing but client_credentials: it reads as unknown.
      await expect(oidc.clientCredentialsGrant(serviceConfig)).rejects.toMatchObject({
        error: 'invalid_client',
      });
      // One that also signs people in stays known (its authorizations reach the portal's
      // app_disabled gate), without the grant type.
      await expect(oidc.clientCredentialsGrant(bothConfig)).rejects.toMatchObject({
        error: 'invalid_request',
        error_description: 'requested grant type is not allowed for this client',
      });
      expect(await records('ClientCredentials')).toBe(recordsBefore);
      // The tokens they had end: introspection (which answers a client about its own tokens
      // only) sees the known client's inactive, and the service client can no longer ask.
      expect((await oidc.tokenIntrospection(bothConfig, bothToken)).active).toBe(false);
      await expect(oidc.tokenIntrospection(serviceConfig, serviceToken)).rejects.toMatchObject({
        error: 'invalid_client',
      });
    } finally {
      await t.db.prisma.application.update({ where: { id: appId }, data: { status: 3 } });
    }
    // Enabled again, the service client is given tokens as before.
    expect((await oidc.clientCredentialsGrant(serviceConfig)).access_token).toBeTruthy();
    expect((await oidc.tokenIntrospection(bothConfig, bothToken)).active).toBe(true);
  });

  it("applies the portal's gates to an OIDC client: a disabled application signs nobody in", async () => {
    const { url } = await authorizationUrl();
    await t.db.prisma.application.update({ where: { id: appId }, data: { status: 0 } });
    try {
      await expect(signInThroughPortal(new Browser(t.origin), url.href, member)).rejects.toThrow(
        /app_disabled/,
      );
    } finally {
      await t.db.prisma.application.update({ where: { id: appId }, data: { status: 3 } });
    }
  });

  it('refuses at the callback a portal code issued for another client, and burns it', async () => {
    // The person's browser signs in to client B through the portal; the code it gets is
    // presented on an authorization of client A (a forged hand-over).
    const other = await addOidcClient(t, appId);
    const browser = new Browser(t.origin);
    const { url } = await authorizationUrl();
    const interaction = await browser.follow(url.href);
    const sso = new URL(await browser.follow(interaction));
    const redir = sso.searchParams.get('redir') ?? '';
    const login = await browser.call('/v1/auth', {
      uname: Buffer.from(member.username).toString('base64'),
      pass: Buffer.from('Secret123').toString('base64'),
      client: other.id,
      redirect: '/',
      dcd: 'oidc-browser',
    });
    expect(login.Code).toBe('200');
    const choice = await browser.call('/v1/auth/com', { com: member.companyId, client: other.id });
    const { code, com } = choice.Msg as { code: string; com: string };
    const grantsBefore = await t.db.prisma.oidcGrant.count();
    const resume = await browser.follow(`${redir}?${new URLSearchParams({ code, com })}`);
    const landed = new URL(await browser.follow(resume));
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('code')).toBeNull();
    expect(await t.db.prisma.oidcGrant.count()).toBe(grantsBefore);
    const refused = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'exchange.refused', clientId: client.id },
      orderBy: { id: 'desc' },
    });
    expect(refused?.details).toMatchObject({ reason: 'foreign_client', issuedTo: other.id });
  });
});
