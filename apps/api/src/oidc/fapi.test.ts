import type { webcrypto } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import type { ListeningApp, OidcMember } from './oidc.fixtures.js';
import {
  Browser,
  RP_CALLBACK,
  addOidcClient,
  memberOfApp,
  signInThroughPortal,
  startListeningApp,
} from './oidc.fixtures.js';

const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** The relying party's public keys, served where its jwks_uri says (private_key_jwt). */
async function serveJwks(publicKey: webcrypto.CryptoKey, kid: string) {
  const jwk = {
    ...(await crypto.subtle.exportKey('jwk', publicKey)),
    kid,
    alg: 'PS256',
    use: 'sig',
  };
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/jwks`, server };
}

function b64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A relying party certified for FAPI 2.0 (`oauth4webapi`) signs in under the profile: pushed
 * authorization request + PKCE + private_key_jwt + DPoP, with the portal's journey in between;
 * and is refused when it skips any of them, or replays a DPoP proof.
 */
describe('FAPI 2.0 with oauth4webapi', () => {
  let t: ListeningApp;
  let member: OidcMember;
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  let clientAuth: oauth.ClientAuth;
  let jwks: Awaited<ReturnType<typeof serveJwks>>;
  let dpopKeys: webcrypto.CryptoKeyPair;

  beforeAll(async () => {
    t = await startListeningApp();
    const setup = await memberOfApp(t);
    member = setup.member;
    const keys = await oauth.generateKeyPair('PS256');
    jwks = await serveJwks(keys.publicKey, 'rp-key-1');
    const added = await addOidcClient(t, setup.appId, {
      oidc_auth_method: 'private_key_jwt',
      oidc_jwks_uri: jwks.url,
      oidc_fapi2: true,
    });
    client = { client_id: added.id };
    clientAuth = oauth.PrivateKeyJwt({ key: keys.privateKey, kid: 'rp-key-1' });
    const issuer = new URL(t.issuer);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, insecure),
    );
    dpopKeys = await oauth.generateKeyPair('ES256');
  });
  afterAll(async () => {
    jwks.server.close();
    await t.close();
  });

  /** PAR with PKCE and DPoP; answers the request_uri and the verifier. */
  async function push(extra: Record<string, string> = {}, options: { pkce?: boolean } = {}) {
    const verifier = oauth.generateRandomCodeVerifier();
    const params: Record<string, string> = {
      redirect_uri: RP_CALLBACK,
      scope: 'openid',
      response_type: 'code',
      ...(options.pkce === false
        ? {}
        : {
            code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
            code_challenge_method: 'S256',
          }),
      ...extra,
    };
    const response = await oauth.pushedAuthorizationRequest(as, client, clientAuth, params, {
      ...insecure,
      DPoP: oauth.DPoP(client, dpopKeys),
    });
    return { response, verifier };
  }

  async function signIn() {
    const { response, verifier } = await push();
    const { request_uri } = await oauth.processPushedAuthorizationResponse(as, client, response);
    const authorize = new URL(as.authorization_endpoint!);
    authorize.searchParams.set('client_id', client.client_id);
    authorize.searchParams.set('request_uri', request_uri);
    const landed = await signInThroughPortal(new Browser(t.origin), authorize.href, member);
    const params = oauth.validateAuthResponse(as, client, new URL(landed), oauth.expectNoState);
    return { params, verifier };
  }

  it('signs in: PAR, PKCE, private_key_jwt and DPoP-bound tokens', async () => {
    const { params, verifier } = await signIn();
    const dpop = oauth.DPoP(client, dpopKeys);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      RP_CALLBACK,
      verifier,
      { ...insecure, DPoP: dpop },
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.token_type.toLowerCase()).toBe('dpop');
    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(claims).toMatchObject({ sub: member.id, company_id: member.companyId });
    // The ID token of a FAPI client is signed PS256.
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('PS256');

    const info = await oauth.processUserInfoResponse(
      as,
      client,
      member.id,
      await oauth.userInfoRequest(as, client, tokens.access_token, { ...insecure, DPoP: dpop }),
    );
    expect(info).toMatchObject({ sub: member.id, company_id: member.companyId });

    // The access token is bound to the DPoP key: as a bearer token it is refused.
    const bearer = await fetch(as.userinfo_endpoint!, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(bearer.status).toBe(401);

    // A FAPI client's refresh token is not rotated (the profile discourages it): the same
    // token comes back, and works again.
    const refresh = async () =>
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, {
          ...insecure,
          DPoP: dpop,
        }),
      );
    const refreshed = await refresh();
    expect(refreshed.refresh_token ?? tokens.refresh_token).toBe(tokens.refresh_token);
    expect(refreshed.token_type.toLowerCase()).toBe('dpop');
    expect((await refresh()).access_token).toBeTruthy();
  });

  it('refuses an authorization request that was not pushed', async () => {
    const authorize = new URL(as.authorization_endpoint!);
    authorize.searchParams.set('client_id', client.client_id);
    authorize.searchParams.set('redirect_uri', RP_CALLBACK);
    authorize.searchParams.set('response_type', 'code');
    authorize.searchParams.set('scope', 'openid');
    authorize.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    authorize.searchParams.set('code_challenge_method', 'S256');
    const response = await new Browser(t.origin).request(authorize.href);
    const location = response.headers.get('location') ?? '';
    expect(`${location} ${response.status === 200 ? '' : await response.text()}`).toContain(
      'invalid_request',
    );
    expect(location.includes('/oidc/interaction/')).toBe(false);
  });

  it('refuses a pushed request without PKCE', async () => {
    const { response } = await push({}, { pkce: false });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a secret instead of private_key_jwt, and a token request without DPoP', async () => {
    const bySecret = await oauth.pushedAuthorizationRequest(
      as,
      client,
      oauth.ClientSecretBasic('not-the-keys'),
      { redirect_uri: RP_CALLBACK, scope: 'openid', response_type: 'code' },
      insecure,
    );
    expect(bySecret.status).toBe(401);
    expect(await bySecret.json()).toMatchObject({ error: 'invalid_client' });

    const { params, verifier } = await signIn();
    const withoutDpop = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      RP_CALLBACK,
      verifier,
      insecure,
    );
    // The pushed request bound the code to the DPoP key (dpop_jkt): without a proof of it the
    // code is refused.
    expect(withoutDpop.status).toBe(400);
    expect(((await withoutDpop.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses a client assertion with alg none or another audience', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: client.client_id,
      sub: client.client_id,
      jti: crypto.randomUUID(),
      iat: now,
      exp: now + 60,
    };
    const assert = async (assertion: string) => {
      const response = await fetch(as.pushed_authorization_request_endpoint!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: client.client_id,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          redirect_uri: RP_CALLBACK,
          response_type: 'code',
          scope: 'openid',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        }),
      });
      return { status: response.status, body: (await response.json()) as { error: string } };
    };
    const none = await assert(
      `${b64url({ alg: 'none' })}.${b64url({ ...claims, aud: t.issuer })}.`,
    );
    expect(none).toMatchObject({ status: 401, body: { error: 'invalid_client' } });

    // Signed properly, but for another server.
    const foreign = oauth.PrivateKeyJwt(
      { key: (await oauth.generateKeyPair('PS256')).privateKey, kid: 'rp-key-1' },
      {
        [oauth.modifyAssertion]: (_header, payload) => {
          payload.aud = 'https://other.example.test';
        },
      },
    );
    const response = await oauth.pushedAuthorizationRequest(
      as,
      client,
      foreign,
      { redirect_uri: RP_CALLBACK, scope: 'openid', response_type: 'code' },
      insecure,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses a DPoP proof presented twice', async () => {
    const { params, verifier } = await signIn();
    const dpop = oauth.DPoP(client, dpopKeys);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        RP_CALLBACK,
        verifier,
        {
          ...insecure,
          DPoP: dpop,
        },
      ),
    );
    let proof = '';
    const recorded = await oauth.userInfoRequest(as, client, tokens.access_token, {
      ...insecure,
      DPoP: dpop,
      [oauth.customFetch]: (url, init) => {
        proof = new Headers(init.headers).get('dpop') ?? '';
        return fetch(url, init);
      },
    });
    expect(recorded.status).toBe(200);
    expect(proof.split('.')).toHaveLength(3);
    const replayed = await fetch(as.userinfo_endpoint!, {
      headers: { authorization: `DPoP ${tokens.access_token}`, dpop: proof },
    });
    // A resource answers a replayed proof as it answers any unusable one: invalid_token.
    expect(replayed.status).toBe(401);
    expect(replayed.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // Only the proof was refused: the token with a fresh proof still works.
    const fresh = await oauth.userInfoRequest(as, client, tokens.access_token, {
      ...insecure,
      DPoP: dpop,
    });
    expect(fresh.status).toBe(200);
  });
});
