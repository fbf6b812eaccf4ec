import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SampleClientConfig } from './config.js';
import { callbackUrl } from './config.js';
import { exchangeCode } from './exchange.js';
import { sendPage } from './respond.js';
import { failurePage, homePage, notFoundPage, signedInPage } from './pages.js';

/** Where the "Sign in with Portico" link goes: the portal's /sso with this client and callback. */
export function signInUrl(config: SampleClientConfig): string {
  const query = new URLSearchParams({ client: config.clientId, redir: callbackUrl(config) });
  return `${config.porticoUrl}/sso?${query.toString()}`;
}

/**
 * The sample client as a plain node:http server, not yet listening: `start.ts` listens on PORT,
 * tests listen on a port of their choice in their own process.
 *
 * GET /          the "Sign in with Portico" link
 * GET /callback  ?code&com from Portico: exchanged server-side, then who signed in (or why not)
 */
export function createSampleClient(config: SampleClientConfig): http.Server {
  const signIn = signInUrl(config);
  return http.createServer((request, response) => {
    handle(config, signIn, request, response).catch(() => {
      if (!response.headersSent) sendPage(response, 500, failurePage('server_error', 0, signIn));
      else response.end();
    });
  });
}

async function handle(
  config: SampleClientConfig,
  signIn: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://sample-client.invalid');
  // GET only: a HEAD of the callback would spend the one-time code without showing anything.
  if (request.method !== 'GET') {
    response.setHeader('allow', 'GET');
    return sendPage(response, 405, notFoundPage());
  }
  if (url.pathname === '/') return sendPage(response, 200, homePage(signIn));
  if (url.pathname !== '/callback') return sendPage(response, 404, notFoundPage());

  const code = url.searchParams.get('code');
  const com = url.searchParams.get('com');
  if (!code || !com) return sendPage(response, 400, failurePage('missing_parameters', 0, signIn));
  const result = await exchangeCode(config, code, com);
  if (result.ok) return sendPage(response, 200, signedInPage(result.signedIn, signIn));
  // Portico refused (the user is not signed in here) or could not be asked.
  const status = result.status === 0 || result.code === 'unexpected_answer' ? 502 : 401;
  return sendPage(response, status, failurePage(result.code, result.status, signIn));
}
