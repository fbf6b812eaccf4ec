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

interface FapiClient {
  client: oauth.Client;
  auth: oauth.ClientAuth;
  key: webcrypto.CryptoKey;
  kid: string;
  jwks: Awaited<ReturnType<typeof serveJwks>>;
}

/**
 * Hostile use of the FAPI 2.0 profile (oauth4webapi as the relying party): pushed requests used
 * twice, late, by another client or overridden in the query; client assertions replayed or
 * addressed to the token endpoint; sender-constrained codes and refresh tokens presented with
 * another DPoP key.
 */
describe('FAPI 2.0 under attack', () => {
  let t: ListeningApp;
  let member: OidcMember;
  let appId: string;
  let as: oauth.AuthorizationServer;
  let a: FapiClient;
  let dpopKeys: webcrypto.CryptoKeyPair;
  const servers: Server[] = [];

  async function fapiClient(kid: string): Promise<FapiClient> {
    const keys = await oauth.generateKeyPair('PS256');
    const jwks = await serveJwks(keys.publicKey, kid);
    servers.push(jwks.server);
    const added = await addOidcClient(t, appId, {
      oidc_auth_method: 'private_key_jwt',
      oidc_jwks_uri: jwks.url,
      oidc_fapi2: true,
    });
    return {
      client: { client_id: added.id },
      auth: oauth.PrivateKeyJwt({ key: keys.privateKey, kid }),
      key: keys.privateKey,
      kid,
      jwks,
    };
  }

  beforeAll(async () => {
    t = await startListeningApp();
    const setup = await memberOfApp(t);
    member = setup.member;
    appId = setup.appId;
    const issuer = new URL(t.issuer);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, insecure),
    );
    a = await fapiClient('rp-a');
    dpopKeys = await oauth.generateKeyPair('ES256');
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await t.close();
  });

  async function push(c: FapiClient = a, extra: Record<string, string> = {}) {
    const verifier = oauth.generateRandomCodeVerifier();
    const response = await oauth.pushedAuthorizationRequest(
      as,
      c.client,
      c.auth,
      {
        redirect_uri: RP_CALLBACK,
        scope: 'openid',
        response_type: 'code',
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...extra,
      },
      { ...insecure, DPoP: oauth.DPoP(c.client, dpopKeys) },
    );
    return { response, verifier };
  }

  async function requestUri(c: FapiClient = a, extra: Record<string, string> = {}) {
    const { response, verifier } = await push(c, extra);
    const { request_uri } = await oauth.processPushedAuthorizationResponse(as, c.client, response);
    return { requestUri: request_uri, verifier };
  }

  function authorizeUrl(clientId: string, uri: string, extra: Record<string, string> = {}) {
    const url = new URL(as.authorization_endpoint!);
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('request_uri', uri);
    for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
    return url;
  }

  /** Where the authorization endpoint sends a browser, and the error it shows if it does not. */
  async function firstAnswer(url: URL) {
    const response = await new Browser(t.origin).request(url.href);
    const location = response.headers.get('location') ?? '';
    const text = response.status >= 300 && response.status < 400 ? '' : await response.text();
    return { location, text };
  }

  async function signedIn(c: FapiClient = a) {
    const { requestUri: uri, verifier } = await requestUri(c);
    const landed = await signInThroughPortal(
      new Browser(t.origin),
      authorizeUrl(c.client.client_id, uri).href,
      member,
    );
    const params = oauth.validateAuthResponse(as, c.client, new URL(landed), oauth.expectNoState);
    return { params, verifier, uri };
  }

  const codeGrant = (
    c: FapiClient,
    params: URLSearchParams,
    verifier: string,
    keys: webcrypto.CryptoKeyPair = dpopKeys,
  ) =>
    oauth.authorizationCodeGrantRequest(as, c.client, c.auth, params, RP_CALLBACK, verifier, {
      ...insecure,
      DPoP: oauth.DPoP(c.client, keys),
    });

  it('refuses a pushed request used a second time, after its sign-in', async () => {
    const { uri } = await signedIn();
    const interactionsBefore = await t.db.prisma.oidcRecord.count({
      where: { model: 'Interaction' },
    });
    const { location, text } = await firstAnswer(authorizeUrl(a.client.client_id, uri));
    expect(`${location} ${text}`).toContain('invalid_request_uri');
    expect(location).not.toContain('/oidc/interaction/');
    expect(location).not.toMatch(/[?&]code=/);
    expect(await t.db.prisma.oidcRecord.count({ where: { model: 'Interaction' } })).toBe(
      interactionsBefore,
    );
  });

  it('refuses a pushed request past its lifetime', async () => {
    const { requestUri: uri } = await requestUri();
    await t.db.prisma.oidcRecord.updateMany({
      where: { model: 'PushedAuthorizationRequest', consumedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const { location, text } = await firstAnswer(authorizeUrl(a.client.client_id, uri));
    expect(`${location} ${text}`).toContain('invalid_request_uri');
    expect(location).not.toContain('/oidc/interaction/');
  });

  it("refuses another client's pushed request", async () => {
    const b = await fapiClient('rp-b');
    const { requestUri: uri } = await requestUri(a);
    const { location, text } = await firstAnswer(authorizeUrl(b.client.client_id, uri));
    expect(location).not.toContain('/oidc/interaction/');
    expect(`${location} ${text}`).toMatch(/invalid_request_uri|invalid_request/);
  });

  it('ignores a redirect URI in the query beside the pushed request', async () => {
    const { requestUri: uri } = await requestUri();
    const url = authorizeUrl(a.client.client_id, uri, {
      redirect_uri: 'https://evil.test/cb',
      response_type: 'code',
      scope: 'openid',
    });
    const landed = await signInThroughPortal(new Browser(t.origin), url.href, member).catch(
      (error: Error) => error.message,
    );
    expect(landed).not.toContain('evil.test');
  });

  it('refuses response types other than code, at the push', async () => {
    const refused: Record<string, string>[] = [
      { response_type: 'code id_token', nonce: 'n' },
      { response_type: 'token' },
      { response_type: 'code token' },
    ];
    for (const extra of refused) {
      const { response } = await push(a, extra);
      expect(response.status, JSON.stringify(extra)).toBe(400);
      const body = (await response.json()) as { error: string };
      expect(body.error, JSON.stringify(extra)).toMatch(
        /invalid_request|unsupported_response_type|unauthorized_client/,
      );
    }
  });

  it('refuses a client assertion presented twice, and one addressed to the token endpoint', async () => {
    let assertion = '';
    const recording = oauth.PrivateKeyJwt(
      { key: a.key, kid: a.kid },
      {
        [oauth.modifyAssertion]: () => undefined,
      },
    );
    const first = await oauth.pushedAuthorizationRequest(
      as,
      a.client,
      recording,
      {
        redirect_uri: RP_CALLBACK,
        scope: 'openid',
        response_type: 'code',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      },
      {
        ...insecure,
        [oauth.customFetch]: (url, init) => {
          assertion = new URLSearchParams(String(init.body)).get('client_assertion') ?? '';
          return fetch(url, init);
        },
      },
    );
    expect(first.status).toBe(201);
    expect(assertion.split('.')).toHaveLength(3);
    const replay = (endpoint: string, extra: Record<string, string>) =>
      fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: a.client.client_id,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          ...extra,
        }),
      });
    const again = await replay(as.pushed_authorization_request_endpoint!, {
      redirect_uri: RP_CALLBACK,
      scope: 'openid',
      response_type: 'code',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: 'invalid_client' });

    // Addressed to the token endpoint (the profile wants the issuer only).
    const toTokenEndpoint = oauth.PrivateKeyJwt(
      { key: a.key, kid: a.kid },
      {
        [oauth.modifyAssertion]: (_header, payload) => {
          payload.aud = as.token_endpoint!;
        },
      },
    );
    const { params, verifier } = await signedIn();
    const refused = await oauth.authorizationCodeGrantRequest(
      as,
      a.client,
      toTokenEndpoint,
      params,
      RP_CALLBACK,
      verifier,
      { ...insecure, DPoP: oauth.DPoP(a.client, dpopKeys) },
    );
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses parallel uses of one client assertion but one', async () => {
    let assertion = '';
    const response = await oauth.pushedAuthorizationRequest(
      as,
      a.client,
      a.auth,
      {
        redirect_uri: RP_CALLBACK,
        scope: 'openid',
        response_type: 'code',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      },
      {
        ...insecure,
        // Record the assertion, send nothing.
        [oauth.customFetch]: async (_url, init) => {
          assertion = new URLSearchParams(String(init.body)).get('client_assertion') ?? '';
          return new Response('{}', { status: 500 });
        },
      },
    );
    expect(response.status).toBe(500);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(as.pushed_authorization_request_endpoint!, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: a.client.client_id,
            client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
            client_assertion: assertion,
            redirect_uri: RP_CALLBACK,
            scope: 'openid',
            response_type: 'code',
            code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
            code_challenge_method: 'S256',
          }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  });

  it('refuses a code and a refresh token presented with another DPoP key', async () => {
    const other = await oauth.generateKeyPair('ES256');
    const { params, verifier } = await signedIn();
    const stolen = await codeGrant(a, params, verifier, other);
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ error: 'invalid_grant' });

    const second = await signedIn();
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      a.client,
      await codeGrant(a, second.params, second.verifier),
    );
    // A confidential client's refresh token is bound to its authentication, not to the DPoP
    // key (RFC 9449, section 5): another FAPI client cannot use it, whatever its proof...
    const b = await fapiClient('rp-thief');
    const byThief = await oauth.refreshTokenGrantRequest(
      as,
      b.client,
      b.auth,
      tokens.refresh_token!,
      { ...insecure, DPoP: oauth.DPoP(b.client, dpopKeys) },
    );
    expect(byThief.status).toBe(400);
    expect(await byThief.json()).toMatchObject({ error: 'invalid_grant' });
    // ...and a proof is required at every refresh.
    const bare = await oauth.refreshTokenGrantRequest(
      as,
      a.client,
      a.auth,
      tokens.refresh_token!,
      insecure,
    );
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { error: string }).error).toMatch(/invalid_(grant|request)/);
    // The access token with a proof of another key is refused by a resource.
    const info = await oauth.userInfoRequest(as, a.client, tokens.access_token, {
      ...insecure,
      DPoP: oauth.DPoP(a.client, other),
    });
    expect(info.status).toBe(401);
  });
});
