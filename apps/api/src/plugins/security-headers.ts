import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OIDC_PATH } from '../oidc/issuer.js';
import type { FastifyHelmetOptions } from '@fastify/helmet';

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;
type Helmet = (
  options: HelmetOptions,
) => (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Security headers for the portal and the API. The portal runs only its own bundled scripts;
 * inline styles are allowed because react-bootstrap positions overlays with style attributes.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // A client application's landing icon or avatar may be shown by the client's own pages.
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The headers helmet sets with HELMET_OPTIONS, worked out once. @fastify/helmet builds helmet's
 * middleware again for every response (its CSP directives parsed each time); nothing here
 * depends on the request (no nonces), so the values are computed at start-up and each response
 * copies them. Routes may still override one (files/serve-image.ts sets its own
 * Cross-Origin-Resource-Policy). helmet is @fastify/helmet's own dependency, so it is loaded
 * from there.
 */
export function securityHeaderValues(): Record<string, string> {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = fromPlugin('helmet') as Helmet;
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What the OpenID Provider's own answers carry (oidc/routes.ts hands each request, raw, to the
 * provider, so the headers Fastify would send never reach them): the same headers, with a policy
 * that only forbids framing (its "Sign out of Portico?" page must not be clickjacked). The
 * portal's full policy is not theirs: `form-action 'self'` would stop the form_post answer and
 * the sign-out's redirect to a client, and a script-src makes oidc-provider add its hashes.
 */
export function providerHeaderValues(headers: Record<string, string>): Record<string, string> {
  return { ...headers, 'content-security-policy': "frame-ancestors 'none'" };
}

/** The provider's requests: OIDC_PATH and below. */
function isProviderRequest(url: string): boolean {
  return url === OIDC_PATH || url.startsWith(`${OIDC_PATH}/`) || url.startsWith(`${OIDC_PATH}?`);
}

export const securityHeadersPlugin = fp(async function securityHeaders(
  app: FastifyInstance,
  opts: { headers?: Record<string, string> },
) {
  const headers = opts.headers ?? securityHeaderValues();
  const provider = Object.entries(providerHeaderValues(headers));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Set on the raw response too, where the provider writes; an answer Fastify sends (the
    // hand-over routes under /oidc/interaction) still carries the full policy: its own headers
    // take precedence over these.
    if (isProviderRequest(request.url)) {
      for (const [name, value] of provider) reply.raw.setHeader(name, value);
    }
    done();
  });
});
