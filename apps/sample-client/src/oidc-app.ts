import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as oidc from 'openid-client';
import type { SampleClientConfig } from './config.js';
import { callbackUrl } from './config.js';
import type { SignedInUser } from './exchange.js';
import { logoutSubject } from './logout-token.js';
import { sendPage } from './respond.js';
import { failurePage, notFoundPage, oidcHomePage, signedInPage } from './pages.js';

/** A pending sign-in (PKCE verifier and state) and a signed-in browser, by cookie. */
interface Pending {
  verifier: string;
  state: string;
}
interface Session {
  sub: string;
  user: SignedInUser;
}

const PENDING_COOKIE = 'sample_oidc_pending';
const SESSION_COOKIE = 'sample_oidc_session';

function cookieOf(request: IncomingMessage, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const pair of header.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Portico's claims (docs/oidc.md) in the shape the exchange answers, for the same page. */
function userOf(claims: Record<string, unknown>): SignedInUser {
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
  return {
    user: {
      id: text('sub'),
      username: text('preferred_username'),
      email: text('email'),
      dis: text('name'),
      fname: text('given_name'),
      lname: text('family_name'),
    },
    company: { id: text('company_id'), name: text('company_name') },
    roles: Array.isArray(claims.roles) ? claims.roles.map(String) : [],
  };
}

/**
 * The sample client in its OpenID Connect mode (MODE=oidc): a standard relying party built on
 * `openid-client`, with nothing Portico-specific but the claim names. Code flow with PKCE and
 * client_secret_basic; the ID token and userinfo say who signed in; Portico's back-channel
 * logout ends this application's session when the person's Portico sign-in ends.
 *
 * GET  /                    who is signed in here, or the "Sign in with Portico" link
 * GET  /login               starts the authorization request
 * GET  /callback            the authorization response: code exchanged server-side
 * POST /backchannel-logout  Portico's logout token (register it as the back-channel logout URI)
 */
export function createOidcSampleClient(config: SampleClientConfig): http.Server {
  const issuer = new URL(`${config.porticoUrl}/oidc`);
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(issuer, config.clientId, undefined, oidc.ClientSecretBasic(config.clientSecret), {
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  const pending = new Map<string, Pending>();
  const sessions = new Map<string, Session>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', config.publicUrl);
    if (request.method === 'POST' && url.pathname === '/backchannel-logout') {
      return backchannelLogout(request, response);
    }
    if (request.method !== 'GET') {
      response.setHeader('allow', 'GET');
      return sendPage(response, 405, notFoundPage());
    }
    if (url.pathname === '/') {
      const session = sessions.get(cookieOf(request, SESSION_COOKIE) ?? '');
      return sendPage(
        response,
        200,
        session ? signedInPage(session.user, '/login') : oidcHomePage(),
      );
    }
    if (url.pathname === '/login') return login(response);
    if (url.pathname === '/callback') return callback(request, url, response);
    return sendPage(response, 404, notFoundPage());
  }

  async function login(response: ServerResponse): Promise<void> {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const id = randomBytes(16).toString('base64url');
    pending.set(id, { verifier, state });
    const target = oidc.buildAuthorizationUrl(await configuration(), {
      redirect_uri: callbackUrl(config),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    response.writeHead(303, {
      location: target.href,
      'set-cookie': `${PENDING_COOKIE}=${id}; HttpOnly; SameSite=Lax; Path=/; Max-Age=3600`,
    });
    response.end();
  }

  async function callback(
    request: IncomingMessage,
    url: URL,
    response: ServerResponse,
  ): Promise<void> {
    const id = cookieOf(request, PENDING_COOKIE) ?? '';
    const started = pending.get(id);
    pending.delete(id);
    if (!started) return sendPage(response, 400, failurePage('missing_parameters', 0, '/login'));
    try {
      const settings = await configuration();
      const tokens = await oidc.authorizationCodeGrant(settings, url, {
        pkceCodeVerifier: started.verifier,
        expectedState: started.state,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      const info = await oidc.fetchUserInfo(settings, tokens.access_token, claims.sub);
      const session = randomBytes(24).toString('base64url');
      const user = userOf({ ...claims, ...info });
      sessions.set(session, { sub: claims.sub, user });
      response.setHeader(
        'set-cookie',
        `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Lax; Path=/`,
      );
      return sendPage(response, 200, signedInPage(user, '/login'));
    } catch (error) {
      const code =
        error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError
          ? error.error
          : 'unexpected_answer';
      return sendPage(response, 401, failurePage(code, 0, '/login'));
    }
  }

  async function backchannelLogout(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    let body = '';
    for await (const chunk of request) {
      body += String(chunk);
      if (body.length > 16_384) break;
    }
    const token = new URLSearchParams(body).get('logout_token') ?? '';
    const settings = await configuration();
    const metadata = settings.serverMetadata();
    const jwks = (await (await fetch(metadata.jwks_uri ?? '')).json()) as Parameters<
      typeof logoutSubject
    >[1]['jwks'];
    const sub = logoutSubject(token, { issuer: metadata.issuer, clientId: config.clientId, jwks });
    if (!sub) {
      response.writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ error: 'invalid_request' }));
      return;
    }
    for (const [key, session] of sessions) if (session.sub === sub) sessions.delete(key);
    response.writeHead(200, { 'cache-control': 'no-store' });
    response.end();
  }

  return http.createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendPage(response, 500, failurePage('server_error', 0, '/login'));
      else response.end();
    });
  });
}
