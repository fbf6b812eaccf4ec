import { createPublicKey, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { createUser, grantAccess, openTestSession, signedInMember } from '../../test/factories.js';
import { knownDevice } from '../auth/sign-in.fixtures.js';
import type { ListeningApp, OidcMember } from './oidc.fixtures.js';
import {
  Browser,
  RP_LOGGED_OUT,
  addOidcClient,
  discoverAs,
  memberOfApp,
  pkceAuthorization,
  signInThroughPortal,
  startListeningApp,
} from './oidc.fixtures.js';

/** A relying party's back-channel logout endpoint: keeps every logout token it receives. */
async function logoutReceiver(): Promise<{ url: string; tokens: string[]; server: Server }> {
  const tokens: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token');
      if (token) tokens.push(token);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/backchannel`, tokens, server };
}

/** The logout token's claims, after checking its ES256 signature against the issuer's JWKS. */
async function verifiedLogoutToken(t: ListeningApp, token: string) {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
  const jwks = (await (await fetch(`${t.issuer}/jwks`)).json()) as {
    keys: { kid: string; alg?: string }[];
  };
  const jwk = jwks.keys.find((key) => key.kid === kid);
  if (!jwk) throw new Error('the logout token names no published key');
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

/**
 * Sessions are one (docs/oidc.md): what ends a person's Portico sign-in ends their OpenID
 * Connect grants too (codes, access and refresh tokens), and the clients that asked for it
 * receive a back-channel logout; RP-initiated logout ends the Portico sign-in.
 */
describe('OIDC sessions end with the Portico sign-in', () => {
  let t: ListeningApp;
  let member: OidcMember;
  let appId: string;
  let client: { id: string; secret: string };
  let config: oidc.Configuration;
  let receiver: Awaited<ReturnType<typeof logoutReceiver>>;

  beforeAll(async () => {
    t = await startListeningApp();
    receiver = await logoutReceiver();
    const setup = await memberOfApp(t);
    member = setup.member;
    appId = setup.appId;
    client = await addOidcClient(t, appId, {
      oidc_backchannel_logout_uri: receiver.url,
      oidc_post_logout_redirect_uris: [RP_LOGGED_OUT],
    });
    config = await discoverAs(t, client);
  });
  afterAll(async () => {
    receiver.server.close();
    await t.close();
  });

  async function signIn(browser = new Browser(t.origin), person: OidcMember = member) {
    const { url, verifier } = await pkceAuthorization(config);
    const landed = await signInThroughPortal(browser, url.href, person);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(landed), {
      pkceCodeVerifier: verifier,
    });
    return { tokens, browser };
  }

  /** Another person of the company with the application, on a known device. */
  async function colleague(): Promise<OidcMember> {
    const user = await createUser(t);
    await grantAccess(t, { companyId: member.companyId, appId, user, roles: ['viewer'] });
    await knownDevice(t, user.id, 'oidc-browser');
    return { ...user, companyId: member.companyId, companyName: member.companyName };
  }

  async function expectEnded(tokens: oidc.TokenEndpointResponse) {
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
  }

  async function expectLive(tokens: oidc.TokenEndpointResponse) {
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
  }

  it('signing out of the portal ends the grants and sends back-channel logout', async () => {
    const { tokens, browser } = await signIn();
    // A second sign-in of the same browser (auto-login replaces its session) keeps the first.
    const second = await signIn(browser);
    await expectLive(tokens);
    receiver.tokens.length = 0;

    expect((await browser.call('/v1/auth/signout', {})).Code).toBe('200');
    await expectEnded(tokens);
    await expectEnded(second.tokens);

    await t.app.mailQueue.drain();
    expect(receiver.tokens).toHaveLength(1);
    const claims = await verifiedLogoutToken(t, receiver.tokens[0]!);
    expect(claims).toMatchObject({
      iss: t.issuer,
      aud: client.id,
      sub: member.id,
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    });
    expect(claims.jti).toEqual(expect.any(String));
    expect(claims.nonce).toBeUndefined();
  });

  it("an administrator's reset and removing access end them", async () => {
    const admin = await signedInMember(t, member.companyId, ['admin']);
    const resetOne = await colleague();
    const reset = await signIn(new Browser(t.origin), resetOne);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/users/reset',
      headers: { cookie: admin.session.cookie },
      payload: { username: resetOne.username },
    });
    expect(response.json()).toMatchObject({ Code: '200' });
    await expectEnded(reset.tokens);

    const removedOne = await colleague();
    const removed = await signIn(new Browser(t.origin), removedOne);
    const removal = await t.app.inject({
      method: 'POST',
      url: '/v1/user/company/remove',
      headers: { cookie: admin.session.cookie },
      payload: { email: removedOne.email },
    });
    expect(removal.json()).toMatchObject({ Code: '200' });
    await expectEnded(removed.tokens);
  });

  it('blocking the device ends the grants made on it, not those of other devices', async () => {
    const user = await colleague();
    const { tokens } = await signIn(new Browser(t.origin), user);
    const device = await t.db.prisma.device.findFirstOrThrow({ where: { userId: user.id } });
    const other = await openTestSession(t, user, { companyId: member.companyId });
    const untouched = await signIn();

    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/devices/status',
      headers: { cookie: other.cookie },
      payload: { id: device.id, status: 'blocked' },
    });
    expect(response.json()).toMatchObject({ Code: '200' });
    await expectEnded(tokens);
    await expectLive(untouched.tokens);
  });

  it('RP-initiated logout ends the Portico sign-in of the browser too', async () => {
    const { tokens, browser } = await signIn();
    const endUrl = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: RP_LOGGED_OUT,
      state: 'bye',
    });
    const page = await browser.request(endUrl.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(xsrf).toBeTruthy();
    const confirmed = await browser.request('/oidc/session/end/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBe(303);
    const back = new URL(confirmed.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(RP_LOGGED_OUT);
    expect(back.searchParams.get('state')).toBe('bye');

    // The portal's session of this browser ended; so did the grant.
    await expect.poll(async () => (await browser.request('/v1/auth/details')).status).not.toBe(200);
    await expect
      .poll(async () => (await oidc.tokenIntrospection(config, tokens.access_token)).active)
      .toBe(false);
  });
});
