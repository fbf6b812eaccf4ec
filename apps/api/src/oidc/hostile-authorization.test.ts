import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { GOOD_PASSWORD, b64, createCompany, grantAccess } from '../../test/factories.js';
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
 * Hostile authorization requests and hand-overs: redirect URIs that only look registered,
 * prompt=none and max_age, the nonce, and a portal code carried into someone else's
 * authorization (a forged company, another browser's code).
 */
describe('OIDC authorization under attack', () => {
  let t: ListeningApp;
  let member: OidcMember;
  let appId: string;
  let client: { id: string; secret: string };
  let config: oidc.Configuration;

  beforeAll(async () => {
    t = await startListeningApp();
    const setup = await memberOfApp(t);
    member = setup.member;
    appId = setup.appId;
    client = await addOidcClient(t, appId);
    config = await discoverAs(t, client);
  });
  afterAll(() => t.close());

  async function authorizationUrl(extra: Record<string, string> = {}) {
    return pkceAuthorization(config, extra);
  }

  /** The authorization up to the portal: the browser is at /sso, answers its redir. */
  async function toPortal(browser: Browser, url: URL) {
    const interaction = await browser.follow(url.href);
    const sso = new URL(await browser.follow(interaction));
    expect(sso.pathname).toBe('/sso');
    return sso;
  }

  /** The portal's password sign-in and company choice: the portal's code for the client. */
  async function portalCode(browser: Browser, companyId = member.companyId) {
    const login = await browser.call('/v1/auth', {
      uname: b64(member.username),
      pass: b64(GOOD_PASSWORD),
      client: client.id,
      redirect: '/',
      dcd: 'oidc-browser',
    });
    expect(login.Code).toBe('200');
    const choice = await browser.call('/v1/auth/com', { com: companyId, client: client.id });
    expect(choice.Code).toBe('200');
    return choice.Msg as { code: string; com: string };
  }

  it('refuses redirect URIs that only look registered, before any sign-in', async () => {
    const before = await t.db.prisma.oidcRecord.count({ where: { model: 'Interaction' } });
    for (const redirect of [
      `${RP_CALLBACK}/`,
      RP_CALLBACK.replace('/callback', '/Callback'),
      RP_CALLBACK.replace('rp.example.test', 'RP.example.test'),
      RP_CALLBACK.replace('https:', 'http:'),
      RP_CALLBACK.replace('rp.example.test', 'rp.example.test:443'),
      RP_CALLBACK.replace('rp.example.test', 'rp.example.test.evil.test'),
      RP_CALLBACK.replace('https://', 'https://attacker@'),
      `${RP_CALLBACK}#fragment`,
      `${RP_CALLBACK}%2F..%2Fother`,
    ]) {
      const { url } = await authorizationUrl({ redirect_uri: redirect });
      const response = await new Browser(t.origin).request(url.href);
      expect(response.status, redirect).toBe(400);
      expect(response.headers.get('location'), redirect).toBeNull();
    }
    expect(await t.db.prisma.oidcRecord.count({ where: { model: 'Interaction' } })).toBe(before);
  });

  it('refuses response types other than code, without an interaction', async () => {
    for (const responseType of ['token', 'id_token', 'code id_token', 'code token', 'none']) {
      const { url } = await authorizationUrl({ response_type: responseType, nonce: 'n-1' });
      const response = await new Browser(t.origin).request(url.href);
      const location = response.headers.get('location') ?? '';
      expect(location, responseType).not.toContain('/oidc/interaction/');
      expect(`${location} ${await response.text()}`, responseType).toMatch(
        /unsupported_response_type|unauthorized_client|invalid_request/,
      );
      expect(location, responseType).not.toMatch(/[?#&](code|access_token|id_token)=/);
    }
  });

  it("shows another browser's interaction as expired, and never signs it in", async () => {
    const victim = new Browser(t.origin);
    const { url } = await authorizationUrl();
    const interaction = await victim.follow(url.href);
    const attacker = new Browser(t.origin);
    const page = await attacker.request(interaction);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Sign-in expired');
    const callback = await attacker.request(
      `${new URL(interaction).pathname}/callback?code=x&com=y`,
    );
    expect(callback.status).toBe(400);
    expect(callback.headers.get('location')).toBeNull();
  });

  it('takes no redirect URI from an unsigned request object', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const request = `${part({ alg: 'none', typ: 'JWT' })}.${part({
      client_id: client.id,
      redirect_uri: 'https://evil.test/cb',
      response_type: 'code',
      scope: 'openid',
    })}.`;
    const { url } = await authorizationUrl({ request });
    const response = await new Browser(t.origin).request(url.href);
    const location = response.headers.get('location') ?? '';
    expect(location).not.toContain('evil.test');
    expect(location).not.toContain('/oidc/interaction/');
  });

  it('fetches nothing from a request_uri that is not its own pushed request', async () => {
    let hits = 0;
    const server = createServer((_request, response) => {
      hits += 1;
      response.end('eyJhbGciOiJub25lIn0.e30.');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { url } = await authorizationUrl({ request_uri: `http://127.0.0.1:${port}/req` });
      const response = await new Browser(t.origin).request(url.href);
      expect(response.headers.get('location') ?? '').not.toContain('/oidc/interaction/');
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  it('returns after RP-initiated logout only to a registered address', async () => {
    const browser = new Browser(t.origin);
    const { url, verifier } = await authorizationUrl();
    const landed = new URL(await signInThroughPortal(browser, url.href, member));
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
    });
    const logout = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: 'https://evil.test/after',
    });
    const response = await browser.request(logout.href);
    expect(response.headers.get('location') ?? '').not.toContain('evil.test');
    expect(response.status).toBe(400);
  });

  it('answers prompt=none with login_required and the state, with or without a Portico sign-in', async () => {
    const browser = new Browser(t.origin);
    for (const round of ['signed out', 'signed in']) {
      const { url } = await authorizationUrl({ prompt: 'none', state: `s-${round}` });
      const landed = new URL(await browser.follow(url.href));
      expect(`${landed.origin}${landed.pathname}`, round).toBe(RP_CALLBACK);
      expect(['login_required', 'consent_required'], round).toContain(
        landed.searchParams.get('error'),
      );
      expect(landed.searchParams.get('state'), round).toBe(`s-${round}`);
      expect(landed.searchParams.get('code'), round).toBeNull();
      if (round === 'signed out') {
        // Sign the browser in (a whole authorization) before the second round.
        const { url: full } = await authorizationUrl();
        await signInThroughPortal(browser, full.href, member);
      }
    }
  });

  it('echoes the nonce in the ID token, for this client only', async () => {
    const nonce = oidc.randomNonce();
    const { url, verifier } = await authorizationUrl({ nonce });
    const landed = new URL(await signInThroughPortal(new Browser(t.origin), url.href, member));
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
      expectedNonce: nonce,
    });
    const claims = tokens.claims()!;
    expect(claims.nonce).toBe(nonce);
    expect(claims.aud).toBe(client.id);
    expect(claims.iss).toBe(t.issuer);
    // Refreshed ID tokens do not carry a nonce (OIDC Core 12.2) and keep the subject.
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.claims()?.sub).toBe(member.id);
  });

  it('max_age: a signed-in browser is asked for the password, and an auto-login is refused', async () => {
    const browser = new Browser(t.origin);
    await signInThroughPortal(browser, (await authorizationUrl()).url.href, member);
    const { url } = await authorizationUrl({ max_age: '0' });
    const sso = await toPortal(browser, url);
    expect(sso.searchParams.get('prompt')).toBe('login');

    const { url: again } = await authorizationUrl({ max_age: '0' });
    const forged = new URL(
      await signInThroughPortal(browser, again.href, member, { ignorePrompt: true }),
    );
    expect(forged.searchParams.get('error')).toBe('access_denied');
    expect(forged.searchParams.get('code')).toBeNull();

    // With the password, max_age is met and auth_time is the sign-in's.
    const { url: fresh, verifier: freshVerifier } = await authorizationUrl({ max_age: '0' });
    const landed = new URL(await signInThroughPortal(browser, fresh.href, member));
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: freshVerifier,
      maxAge: 0,
    });
    expect(Math.abs(Number(tokens.claims()?.auth_time) - Date.now() / 1000)).toBeLessThan(30);
  });

  it('refuses a company in the hand-over other than the one the code was issued for', async () => {
    const second = await createCompany(t);
    await grantAccess(t, { companyId: second.id, appId, user: member, roles: ['viewer'] });
    try {
      const browser = new Browser(t.origin);
      const { url } = await authorizationUrl();
      const sso = await toPortal(browser, url);
      const redir = sso.searchParams.get('redir')!;
      const { code } = await portalCode(browser, member.companyId);
      const resume = await browser.follow(
        `${redir}?${new URLSearchParams({ code, com: second.id })}`,
      );
      const landed = new URL(await browser.follow(resume));
      expect(landed.searchParams.get('error')).toBe('access_denied');
      expect(landed.searchParams.get('code')).toBeNull();
    } finally {
      await t.db.prisma.access.deleteMany({ where: { userId: member.id, companyId: second.id } });
    }
  });

  it("refuses a portal code carried into another browser's authorization", async () => {
    // The victim's browser signs in to the client through the portal and gets the portal's
    // code; an attacker who reads it (a log, a shoulder) presents it on their own
    // authorization of the same client, in their own browser, before the victim does.
    const victim = new Browser(t.origin);
    const { url: victimUrl } = await authorizationUrl();
    await toPortal(victim, victimUrl);
    const { code, com } = await portalCode(victim);

    const attacker = new Browser(t.origin);
    const { url, verifier } = await authorizationUrl();
    const sso = await toPortal(attacker, url);
    const redir = sso.searchParams.get('redir')!;
    const resume = await attacker.follow(`${redir}?${new URLSearchParams({ code, com })}`);
    const landed = new URL(await attacker.follow(resume));
    const tokens = landed.searchParams.get('code')
      ? await oidc.authorizationCodeGrant(config, landed, { pkceCodeVerifier: verifier })
      : undefined;
    expect(tokens?.claims()?.sub).toBeUndefined();
    expect(landed.searchParams.get('error')).toBe('access_denied');
    const refused = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'exchange.refused', clientId: client.id },
      orderBy: { id: 'desc' },
    });
    expect(refused?.details).toMatchObject({ reason: 'foreign_session' });
  });
});
