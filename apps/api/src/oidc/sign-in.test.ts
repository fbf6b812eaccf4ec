import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import type { ListeningApp, OidcMember } from './oidc.fixtures.js';
import {
  Browser,
  RP_CALLBACK,
  addOidcClient,
  discoverAs,
  memberOfApp,
  signInThroughPortal,
  startListeningApp,
} from './oidc.fixtures.js';

/**
 * A real relying party nobody here wrote (`openid-client`) signs a person in through Portico:
 * discovery, code + PKCE with client_secret_basic, the portal's journey in between, the ID
 * token and userinfo with the company of the sign-in, refresh with rotation and reuse
 * detection, revocation and introspection.
 */
describe('OpenID Connect sign-in with openid-client', () => {
  let t: ListeningApp;
  let member: OidcMember;
  let client: { id: string; secret: string };
  let config: oidc.Configuration;

  beforeAll(async () => {
    t = await startListeningApp();
    const setup = await memberOfApp(t);
    member = setup.member;
    client = await addOidcClient(t, setup.appId);
    config = await discoverAs(t, client);
  });
  afterAll(() => t.close());

  /** The whole authorization: the request, the portal, and the code exchanged by the library. */
  async function signIn(browser = new Browser(t.origin), extra: Record<string, string> = {}) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: RP_CALLBACK,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    });
    const landed = await signInThroughPortal(browser, url.href, member);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(landed), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return { tokens, browser, landed };
  }

  it('signs in through the portal and answers the company of the sign-in as claims', async () => {
    const { tokens, landed } = await signIn();
    // RFC 9207: the response names its issuer.
    expect(new URL(landed).searchParams.get('iss')).toBe(t.issuer);
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: t.issuer,
      aud: client.id,
      sub: member.id,
      email: member.email,
      company_id: member.companyId,
      company_name: member.companyName,
      roles: ['viewer'],
      branches: [],
    });
    const info = await oidc.fetchUserInfo(config, tokens.access_token, member.id);
    expect(info).toMatchObject({
      sub: member.id,
      email: member.email,
      preferred_username: member.username,
      company_id: member.companyId,
      roles: ['viewer'],
    });
    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'exchange.code', target: member.id },
      orderBy: { id: 'desc' },
    });
    expect(audit?.details).toMatchObject({ via: 'oidc' });
  });

  it('does not ask a browser that is signed in again (SSO), unless prompt=login', async () => {
    const { browser } = await signIn();
    const attempts = () => t.db.prisma.loginAttempt.count({ where: { userId: member.id } });
    const before = await attempts();
    await signIn(browser);
    expect(await attempts()).toBe(before);
    await signIn(browser, { prompt: 'login' });
    expect(await attempts()).toBe(before + 1);
  });

  it('refuses a prompt=login sign-in that the browser completed by auto-login', async () => {
    const { browser } = await signIn();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: RP_CALLBACK,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      prompt: 'login',
    });
    const landed = new URL(
      await signInThroughPortal(browser, url.href, member, { ignorePrompt: true }),
    );
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('code')).toBeNull();
  });

  it('rotates refresh tokens, and a reused one revokes the whole grant', async () => {
    const { tokens } = await signIn();
    const first = tokens.refresh_token;
    expect(first).toBeTruthy();
    const second = await oidc.refreshTokenGrant(config, first!);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first);
    expect(second.claims()).toMatchObject({ sub: member.id, company_id: member.companyId });

    // The first one again: refused, and the grant (with the second one) is gone.
    await expect(oidc.refreshTokenGrant(config, first!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(oidc.refreshTokenGrant(config, second.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const introspected = await oidc.tokenIntrospection(config, second.access_token);
    expect(introspected.active).toBe(false);
  });

  it('introspects a live access token and revokes it', async () => {
    const { tokens } = await signIn();
    const live = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(live).toMatchObject({ active: true, sub: member.id, client_id: client.id });
    await oidc.tokenRevocation(config, tokens.access_token);
    const revoked = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(revoked.active).toBe(false);
    await expect(oidc.fetchUserInfo(config, tokens.access_token, member.id)).rejects.toThrow();
  });
});
