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
 * Hostile use of authorization codes and refresh tokens at the token endpoint: presented
 * twice at once, by another client, with another redirect URI, or with an authentication
 * method the client is not registered for. RFC 6749 4.1.2 / OAuth 2.1: a code is used once,
 * and a second use revokes what it issued (docs/oidc.md, "Storage" and "Tokens").
 */
describe('OIDC codes and refresh tokens under attack', () => {
  let t: ListeningApp;
  let member: OidcMember;
  let appId: string;
  let client: { id: string; secret: string };
  let config: oidc.Configuration;
  const SECOND_CALLBACK = 'https://rp.example.test/second';

  const discover = (id: string, auth: oidc.ClientAuth) => discoverAs(t, { id }, auth);

  beforeAll(async () => {
    t = await startListeningApp();
    const setup = await memberOfApp(t);
    member = setup.member;
    appId = setup.appId;
    client = await addOidcClient(t, appId, { oidc_redirect_uris: [RP_CALLBACK, SECOND_CALLBACK] });
    config = await discover(client.id, oidc.ClientSecretBasic(client.secret));
  });
  afterAll(() => t.close());

  async function landedCode(c = config, redirect = RP_CALLBACK) {
    const { url, verifier } = await pkceAuthorization(c, { redirect_uri: redirect });
    const landed = new URL(await signInThroughPortal(new Browser(t.origin), url.href, member));
    const code = landed.searchParams.get('code');
    expect(code).toBeTruthy();
    return { landed, verifier, code: code! };
  }

  /** A raw token request (the libraries would refuse to send some of these). */
  function tokenRequest(
    body: Record<string, string>,
    auth: { id: string; secret: string } | 'none' = client,
    headers: Record<string, string> = {},
  ) {
    return fetch(`${t.issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(auth === 'none'
          ? {}
          : {
              authorization: `Basic ${Buffer.from(
                `${encodeURIComponent(auth.id)}:${encodeURIComponent(auth.secret)}`,
              ).toString('base64')}`,
            }),
        ...headers,
      },
      body: new URLSearchParams(body),
    });
  }

  it('redeems a code presented five times at once at most once, and revokes what it issued', async () => {
    const { code, verifier } = await landedCode();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        tokenRequest({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: RP_CALLBACK,
        }),
      ),
    );
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as {
      access_token?: string;
      refresh_token?: string;
      error?: string;
    }[];
    const issued = bodies.filter((b) => b.access_token);
    expect(issued.length).toBeLessThanOrEqual(1);
    expect(bodies.filter((b) => b.error === 'invalid_grant')).toHaveLength(5 - issued.length);
    // The code was presented again: whatever it issued is revoked (RFC 6749 4.1.2).
    for (const tokens of issued) {
      expect((await oidc.tokenIntrospection(config, tokens.access_token!)).active).toBe(false);
      await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    }
  });

  it('rotates a refresh token presented five times at once at most once', async () => {
    const { landed, verifier } = await landedCode();
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }),
      ),
    );
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as {
      refresh_token?: string;
      access_token?: string;
    }[];
    const rotated = bodies.filter((b) => b.refresh_token);
    expect(rotated.length).toBeLessThanOrEqual(1);
    // No fork: at most one live line of refresh tokens comes out of one token.
    const live: string[] = [];
    for (const each of rotated) {
      const answer = await tokenRequest({
        grant_type: 'refresh_token',
        refresh_token: each.refresh_token!,
      });
      if (answer.status === 200) live.push(each.refresh_token!);
    }
    expect(live.length).toBeLessThanOrEqual(1);
  });

  it("refuses another client's code and refresh token, and cannot revoke them", async () => {
    const other = await addOidcClient(t, appId, {
      oidc_redirect_uris: [RP_CALLBACK, SECOND_CALLBACK],
    });
    const otherConfig = await discover(other.id, oidc.ClientSecretBasic(other.secret));
    const { code, verifier, landed } = await landedCode();
    const stolen = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: RP_CALLBACK,
      },
      other,
    );
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ error: 'invalid_grant' });

    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
    });
    await expect(oidc.refreshTokenGrant(otherConfig, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Revocation by a client that does not own the token changes nothing.
    await oidc.tokenRevocation(otherConfig, tokens.refresh_token!).catch(() => undefined);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
    // Userinfo answers the owner's token with the owner's subject only.
    const info = await oidc.fetchUserInfo(config, refreshed.access_token, member.id);
    expect(info.sub).toBe(member.id);
  });

  it('answers userinfo only for an access token of a person, and widens no scope at refresh', async () => {
    const { landed, verifier } = await landedCode();
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
    });
    const userinfo = (token: string) =>
      fetch(`${t.issuer}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await userinfo(tokens.access_token)).status).toBe(200);
    for (const [name, token] of [
      ['refresh token', tokens.refresh_token!],
      ['ID token', tokens.id_token!],
    ] as const) {
      const answer = await userinfo(token);
      expect(answer.status, name).toBe(401);
    }
    const service = await addOidcClient(t, appId, { oidc_grant_types: ['client_credentials'] });
    const serviceConfig = await discover(service.id, oidc.ClientSecretBasic(service.secret));
    const machine = await oidc.clientCredentialsGrant(serviceConfig);
    expect((await userinfo(machine.access_token)).status).not.toBe(200);

    // The sign-in granted `openid` only: a refresh cannot add `email`.
    const widened = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      scope: 'openid email',
    });
    expect(widened.status).toBe(400);
    expect(await widened.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('refuses a code redeemed with a redirect URI other than the one it was issued for', async () => {
    const { code, verifier } = await landedCode();
    const other = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: SECOND_CALLBACK,
    });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'invalid_grant' });
    const none = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string }).error).toMatch(
      /invalid_request|invalid_grant/,
    );
  });

  it('refuses a code without its verifier', async () => {
    const { code } = await landedCode();
    const answer = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: RP_CALLBACK,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses no authentication and a client_secret_jwt assertion from a secret client', async () => {
    const { code, verifier } = await landedCode();
    const body = {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: RP_CALLBACK,
    };
    // (The library takes the secret in the body or in the header alike, whichever of the two a
    // secret client registered: docs/oidc.md.) No authentication at all (as a public client).
    const asPublic = await tokenRequest({ ...body, client_id: client.id }, 'none');
    expect(asPublic.status).toBe(401);
    expect(await asPublic.json()).toMatchObject({ error: 'invalid_client' });
    // A client assertion signed with the secret (client_secret_jwt is not offered).
    const now = Math.floor(Date.now() / 1000);
    const { createHmac } = await import('node:crypto');
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256' })}.${part({
      iss: client.id,
      sub: client.id,
      aud: t.issuer,
      jti: crypto.randomUUID(),
      iat: now,
      exp: now + 60,
    })}`;
    const assertion = `${unsigned}.${createHmac('sha256', client.secret).update(unsigned).digest('base64url')}`;
    const byJwt = await tokenRequest(
      {
        ...body,
        client_id: client.id,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      },
      'none',
    );
    expect(byJwt.status).toBe(401);
    expect(await byJwt.json()).toMatchObject({ error: 'invalid_client' });
    // None of them spent the code: the registered method still redeems it.
    const right = await tokenRequest(body);
    expect(right.status).toBe(200);
  });
});
