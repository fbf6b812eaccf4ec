import { createServer } from 'node:net';
import * as oidc from 'openid-client';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  GOOD_PASSWORD,
  b64,
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import type { TestUser } from '../../test/factories.js';
import { DESKTOP_CHROME, knownDevice } from '../auth/sign-in.fixtures.js';

/** Test support for the OpenID Connect tests (not a test file itself). */

export const OIDC_TEST_SECRET = 'a-test-secret-that-is-long-enough-for-oidc-keys';
export const RP_CALLBACK = 'https://rp.example.test/callback';
export const RP_LOGGED_OUT = 'https://rp.example.test/logged-out';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface ListeningApp extends TestApp {
  /** http://127.0.0.1:<port>, which is PUBLIC_URL: the issuer is `${origin}/oidc`. */
  origin: string;
  issuer: string;
  admin: string;
}

/**
 * The application listening on a real port (the relying-party libraries speak HTTP, and the
 * issuer they check is PUBLIC_URL + /oidc), with a platform administrator's session.
 */
export async function startListeningApp(settings: Record<string, string> = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await startTestApp({
    OIDC_KEY_SECRET: OIDC_TEST_SECRET,
    PUBLIC_URL: origin,
    ...settings,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const platformAdmin = await bootstrapPlatform(t);
  const admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID }))
    .cookie;
  const listening: ListeningApp = { ...t, origin, issuer: `${origin}/oidc`, admin };
  return listening;
}

/** A browser: a cookie jar and fetch that does not follow redirects by itself. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly origin: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('user-agent', DESKTOP_CHROME);
    if (this.cookies.size > 0) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    const response = await fetch(new URL(url, this.origin), {
      ...init,
      headers,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(name.length + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** GET, then the Location it answered (absolute). */
  async follow(url: string): Promise<string> {
    const response = await this.request(url);
    const location = response.headers.get('location');
    if (response.status !== 303 && response.status !== 302) {
      throw new Error(
        `expected a redirect from ${url}, got ${response.status}: ${await response.text()}`,
      );
    }
    if (!location) throw new Error(`no Location from ${url}`);
    return new URL(location, this.origin).href;
  }

  /** A call of Portico's own API, as the portal makes it. */
  async call(path: string, body: object): Promise<{ Code: string; Msg: unknown }> {
    const response = await this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { Code: string; Msg: unknown };
  }
}

export interface OidcMember extends TestUser {
  companyId: string;
  companyName: string;
}

/** An application, a company, and a member with the `viewer` role there, on a known device. */
export async function memberOfApp(t: TestApp): Promise<{ appId: string; member: OidcMember }> {
  const app = await createApp(t, { roles: ['viewer', 'editor'] });
  const company = await createCompany(t);
  const user = await createUser(t);
  await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
  await knownDevice(t, user.id, 'oidc-browser');
  return {
    appId: app.id,
    member: { ...user, companyId: company.id, companyName: company.name },
  };
}

/** An OIDC client added through the platform's call, with its (once answered) secret. */
export async function addOidcClient(
  t: ListeningApp,
  appId: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; secret: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/clients/add',
    headers: { cookie: t.admin },
    payload: {
      app: appId,
      desc: 'Relying party',
      redirect: 'https://rp.example.test/portico',
      platform: 'web',
      domain: 'rp.example.test',
      custom_hash: false,
      allow_delete: false,
      allow_multiple_sessions: true,
      oidc_redirect_uris: [RP_CALLBACK],
      ...extra,
    },
  });
  const answer = response.json() as {
    Code: string;
    Msg: { client_id: string; client_secret: string };
  };
  if (answer.Code !== '200') throw new Error(`clients.add: ${JSON.stringify(answer)}`);
  return { id: answer.Msg.client_id, secret: answer.Msg.client_secret };
}

/**
 * A person signs in through the portal's journey for the authorization request `authUrl`:
 * the provider hands the browser to /sso, the portal signs in with the password (or by
 * auto-login when the browser is signed in), the company is chosen, and the landing page goes
 * back to the provider, which redirects to the client. Answers that last redirect.
 */
export async function signInThroughPortal(
  browser: Browser,
  authUrl: string,
  person: { username: string; companyId: string; password?: string },
  /** Sign in by auto-login even when the portal was told `prompt=login` (a forged journey). */
  options: { ignorePrompt?: boolean } = {},
): Promise<string> {
  return browser.follow(await handOverThroughPortal(browser, authUrl, person, options));
}

/**
 * signInThroughPortal up to the hand-over: the grant is recorded, and the answer is the
 * provider's resume URL the browser has not followed yet.
 */
export async function handOverThroughPortal(
  browser: Browser,
  authUrl: string,
  person: { username: string; companyId: string; password?: string },
  options: { ignorePrompt?: boolean } = {},
): Promise<string> {
  return browser.follow(await upToCallback(browser, authUrl, person, options));
}

/**
 * signInThroughPortal up to the portal's landing page: the answer is the callback URL with the
 * portal's code, which the browser has not followed yet (nothing redeemed, no grant recorded).
 */
export async function upToCallback(
  browser: Browser,
  authUrl: string,
  person: { username: string; companyId: string; password?: string },
  options: { ignorePrompt?: boolean } = {},
): Promise<string> {
  const interaction = await browser.follow(authUrl);
  const sso = new URL(await browser.follow(interaction));
  if (sso.pathname !== '/sso') throw new Error(`expected the portal's /sso, got ${sso.href}`);
  const client = sso.searchParams.get('client') ?? '';
  const redir = sso.searchParams.get('redir') ?? '';
  const fresh = sso.searchParams.get('prompt') === 'login' && !options.ignorePrompt;
  let login = fresh
    ? undefined
    : await browser.call('/v1/auth/autologin', { client, redirect: redir });
  if (login?.Code !== '200') {
    login = await browser.call('/v1/auth', {
      uname: b64(person.username),
      pass: b64(person.password ?? GOOD_PASSWORD),
      client,
      redirect: redir,
      dcd: 'oidc-browser',
    });
  }
  if (login.Code !== '200') throw new Error(`sign-in: ${JSON.stringify(login)}`);
  const choice = await browser.call('/v1/auth/com', { com: person.companyId, client });
  if (choice.Code !== '200') throw new Error(`company choice: ${JSON.stringify(choice)}`);
  const { code, com } = choice.Msg as { code: string; com: string };
  return `${redir}?${new URLSearchParams({ code, com }).toString()}`;
}

/**
 * openid-client's view of the issuer as `client`, over the tests' plain HTTP;
 * authenticating with `auth`, or with the client's secret (client_secret_basic) by default.
 */
export function discoverAs(
  t: ListeningApp,
  client: { id: string; secret?: string },
  auth: oidc.ClientAuth = oidc.ClientSecretBasic(client.secret ?? ''),
): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(t.issuer), client.id, undefined, auth, {
    execute: [oidc.allowInsecureRequests],
  });
}

/**
 * An authorization request with PKCE (S256) to RP_CALLBACK for the `openid` scope, `extra`
 * adding parameters or replacing these; the verifier for the code's exchange.
 */
export async function pkceAuthorization(
  config: oidc.Configuration,
  extra: Record<string, string> = {},
): Promise<{ url: URL; verifier: string }> {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: RP_CALLBACK,
    scope: 'openid',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url, verifier };
}
