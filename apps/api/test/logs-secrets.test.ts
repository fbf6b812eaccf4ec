import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import { loggerOptions } from '../src/plugins/logger.js';
import { freshIp, signInRequest } from '../src/auth/sign-in.fixtures.js';
import type { ListeningApp, OidcMember } from '../src/oidc/oidc.fixtures.js';
import {
  Browser,
  OIDC_TEST_SECRET,
  RP_CALLBACK,
  RP_LOGGED_OUT,
  addOidcClient,
  memberOfApp,
  signInThroughPortal,
} from '../src/oidc/oidc.fixtures.js';
import { b64, bootstrapPlatform, openTestSession } from './factories.js';
import { startTestApp } from './harness.js';

/**
 * Real requests carrying secrets (a wrong password, a failed exchange, a reset code, OIDC codes,
 * tokens, client secrets and assertions, in bodies, headers and query strings), with the logs at
 * debug: no line may hold any of the values sent (docs/security.md, "Secrets at rest").
 */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('logs at debug hold none of the secrets a request carried', () => {
  const lines: string[] = [];
  const sent: string[] = [];
  let t: ListeningApp;
  let member: OidcMember;
  let client: { id: string; secret: string };
  let config: oidc.Configuration;

  /** Remembers a secret value sent, and answers it. */
  const secret = (value: string) => {
    sent.push(value);
    return value;
  };

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const base = await startTestApp(
      { OIDC_KEY_SECRET: OIDC_TEST_SECRET, PUBLIC_URL: origin, LOG_LEVEL: 'debug' },
      { ...(loggerOptions({ LOG_LEVEL: 'debug' }) as object), stream },
    );
    await base.app.listen({ port, host: '127.0.0.1' });
    const platformAdmin = await bootstrapPlatform(base);
    const admin = (await openTestSession(base, platformAdmin, { companyId: PLATFORM_COMPANY_ID }))
      .cookie;
    t = { ...base, origin, issuer: `${origin}/oidc`, admin };
    const setup = await memberOfApp(t);
    member = setup.member;
    client = await addOidcClient(t, setup.appId);
    secret(client.secret);
    config = await oidc.discovery(
      new URL(t.issuer),
      client.id,
      undefined,
      oidc.ClientSecretBasic(client.secret),
      { execute: [oidc.allowInsecureRequests] },
    );
  });
  afterAll(() => t.close());

  function leaks(): { value: string; line: string }[] {
    const found: { value: string; line: string }[] = [];
    for (const line of lines) {
      for (const value of sent) {
        if (line.includes(value) || line.includes(encodeURIComponent(value))) {
          found.push({ value, line });
        }
      }
    }
    return found;
  }

  it('a wrong password, a failed exchange and a reset code', async () => {
    const pass = secret('Wrong-Pass-7f3a9c');
    secret(b64(pass));
    const failed = await signInRequest(t, { uname: member.username, pass });
    expect(failed.json().Code).not.toBe('200');

    const exchangeSecret = secret('exchange-secret-4b1e7d0a9c');
    const exchangeCode = secret('exchange-code-8d2f6a1c3e');
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/v1/exchange',
      remoteAddress: freshIp(),
      payload: { client: client.id, secret: exchangeSecret, code: exchangeCode, com: 'co1' },
    });
    expect(exchange.json().Code).not.toBe('200');

    const resetCode = secret('a'.repeat(43));
    const newPass = secret('New-Pass-5c8e2b');
    await t.app.inject({
      method: 'POST',
      url: '/v1/forgot/validate',
      remoteAddress: freshIp(),
      payload: { code: resetCode },
    });
    await t.app.inject({
      method: 'POST',
      url: '/v1/forgot/update',
      remoteAddress: freshIp(),
      payload: { code: resetCode, pass: b64(newPass), username: member.username },
    });
    secret(b64(newPass));
    expect(lines.length).toBeGreaterThan(0);
    expect(leaks()).toEqual([]);
  });

  it('OIDC codes, tokens, hints, client secrets and assertions, in bodies and query strings', async () => {
    const verifier = secret(oidc.randomPKCECodeVerifier());
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: RP_CALLBACK,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      login_hint: secret(member.email),
    });
    const landed = new URL(await signInThroughPortal(new Browser(t.origin), url.href, member));
    secret(landed.searchParams.get('code') ?? 'no-code');
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
    });
    const accessToken = secret(tokens.access_token);
    const refreshToken = secret(tokens.refresh_token ?? 'no-refresh-token');
    const idToken = secret(tokens.id_token ?? 'no-id-token');
    // A refresh, the code again (a replay, which revokes the grant), a refused assertion.
    secret((await oidc.refreshTokenGrant(config, refreshToken)).refresh_token ?? 'no-rotated');
    await oidc
      .authorizationCodeGrant(config, landed, { pkceCodeVerifier: verifier })
      .catch(() => undefined);
    const assertion = secret('eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0.c2lnbmF0dXJlLWFzc2VydGlvbg');
    await fetch(`${t.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: client.id,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }),
    });
    // Secrets where they do not belong, in the query string: refused, but logged?
    const query = new URLSearchParams({
      access_token: accessToken,
      client_secret: client.secret,
      client_assertion: assertion,
      refresh_token: refreshToken,
    });
    await fetch(`${t.issuer}/me?${query.toString()}`);
    await fetch(`${t.issuer}/token?${query.toString()}`, { method: 'POST' });
    // RP-initiated logout by GET, as a browser is redirected there.
    const logout = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: RP_LOGGED_OUT,
      logout_hint: member.email,
    });
    await fetch(`${t.issuer}/session/end?${logout.toString()}`, { redirect: 'manual' });
    expect(leaks()).toEqual([]);
  });
});
