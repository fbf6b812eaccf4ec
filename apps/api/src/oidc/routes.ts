import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type Provider from 'oidc-provider';
import { ID_TOKEN_TTL_SECONDS, OIDC_PATH, createProvider, issuerOf } from './provider.js';
import { interactionRoutes } from './interaction-routes.js';
import { loadSigningKeys } from './keys.js';
import { endPorticoSignIn } from './logout.js';
import { oidcSecret } from './secret.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenID Provider (docs/oidc.md); the back-channel logout job uses it too. */
    oidcProvider: Provider;
  }
}

/**
 * Mounts the OpenID Provider at /oidc. Its requests bypass Fastify's body parsing, JSON envelope
 * and error pages (the protocol has its own: form bodies, OAuth error objects): each is handed,
 * raw, to the provider's own request handler in its route's onRequest hook, with the URL made
 * relative to the mount as the provider expects (it reads the mount path from originalUrl), and
 * the forwarding headers set from the issuer and Fastify's client address. The hand-over to
 * the portal's sign-in (/oidc/interaction/...) is ours (interaction-routes.ts).
 */
export const oidcRoutes = fp(async function oidc(app: FastifyInstance): Promise<void> {
  const secret = oidcSecret(app.config);
  const keys = await loadSigningKeys(app.db, secret, ID_TOKEN_TTL_SECONDS);
  const provider = createProvider(app.config, app.db, { secret, keys });
  app.decorate('oidcProvider', provider);
  const callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;

  const issuer = new URL(issuerOf(app.config));
  // The provider builds its URLs from the request; they must be the issuer's whatever Host a
  // client sends, and the client's address is the one Fastify decided (TRUST_PROXY).
  const asIssuerRequest = (request: FastifyRequest): void => {
    const headers = request.raw.headers;
    headers['x-forwarded-host'] = issuer.host;
    headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    headers['x-forwarded-for'] = request.ip;
  };

  // RP-initiated logout ends the person's Portico sign-in in this browser too (and with it the
  // grants of every other client on this device): one sign-in, one sign-out.
  provider.on('end_session.success', (ctx) => {
    endPorticoSignIn(app, ctx).catch((error: unknown) => {
      app.log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'portal sign-out after end_session failed',
      );
    });
  });

  // The provider answers these as server_error without details: keep them in our log.
  // Why a token request was refused (the client sees only the OAuth error): for operators.
  provider.on('grant.error', (_ctx, error) => {
    const detail = (error as { error_detail?: string }).error_detail ?? error.message;
    app.log.debug({ detail }, 'oidc grant refused');
  });
  provider.on('server_error', (_ctx, error) => {
    app.log.error({ err: error }, 'oidc provider error');
  });

  const handOver = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.hijack();
    asIssuerRequest(request);
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? OIDC_PATH;
    raw.originalUrl = url;
    raw.url = url.slice(OIDC_PATH.length) || '/';
    callback(raw, reply.raw);
  };
  const route = {
    method: ['GET', 'POST', 'OPTIONS', 'HEAD', 'DELETE', 'PUT'] as const,
    onRequest: handOver,
    // Never reached: the hook hands every request over before Fastify would run it.
    handler: async () => undefined,
    schema: { hide: true },
  };
  app.route({ ...route, method: [...route.method], url: OIDC_PATH });
  app.route({ ...route, method: [...route.method], url: `${OIDC_PATH}/*` });
  interactionRoutes(app, provider, asIssuerRequest);
});
