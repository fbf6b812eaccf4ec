import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type Provider from 'oidc-provider';
import { ID_TOKEN_TTL_SECONDS, OIDC_PATH, issuerOf } from './issuer.js';
import { interactionRoutes } from './interaction-routes.js';
import { loadSigningKeys, readSigningKeys } from './keys.js';
import { endPorticoSignIn } from './logout.js';
import { oidcSecret } from './secret.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The OpenID Provider (docs/oidc.md), made once; the back-channel logout job uses it too.
     * See oidcRoutes for when it is made.
     */
    oidcProvider(): Promise<Provider>;
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
  // The secret, and the existing keys, are opened at start, as ever: a missing secret, or keys
  // it cannot open, stop the start (the server is ready, and listens, only once they opened;
  // meanwhile the rest of the start goes on).
  const secret = oidcSecret(app.config);
  const opened = readSigningKeys(app.db, secret, ID_TOKEN_TTL_SECONDS);
  opened.catch(() => {}); // awaited, and a failure thrown, by onReady below
  app.addHook('onReady', async () => {
    await opened;
  });
  // The provider itself is made once the server listens, so the first answers do not wait for
  // it, or by the first request that needs it, whichever comes first: oidc-provider's module
  // graph and, at the very first start, the keys that are missing (two of them RSA keys, each
  // 100 ms of CPU or more) cost a loaded machine a second or more.
  let making: Promise<MadeProvider> | undefined;
  const made = (): Promise<MadeProvider> => {
    making ??= opened
      .then(() => makeProvider(app, secret))
      .catch((error: unknown) => {
        making = undefined;
        throw error;
      });
    return making;
  };
  const provider = async (): Promise<Provider> => (await made()).provider;
  app.decorate('oidcProvider', provider);
  app.addHook('onListen', async () => {
    await made().catch((error: unknown) => {
      app.log.error({ err: error }, 'the OpenID Provider could not be made; /oidc will retry');
    });
  });

  const issuer = new URL(issuerOf(app.config));
  // The provider builds its URLs from the request; they must be the issuer's whatever Host a
  // client sends, and the client's address is the one Fastify decided (TRUST_PROXY).
  const asIssuerRequest = (request: FastifyRequest): void => {
    const headers = request.raw.headers;
    headers['x-forwarded-host'] = issuer.host;
    headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    headers['x-forwarded-for'] = request.ip;
  };

  const handOver = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { callback } = await made();
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

interface MadeProvider {
  provider: Provider;
  /** Its request handler (a Koa callback), made once. */
  callback: (req: IncomingMessage, res: ServerResponse) => void;
}

/** The provider with Portico's listeners; oidc-provider is loaded here, at the first call. */
async function makeProvider(app: FastifyInstance, secret: string): Promise<MadeProvider> {
  const { createProvider } = await import('./provider.js');
  const keys = await loadSigningKeys(app.db, secret, ID_TOKEN_TTL_SECONDS);
  const provider = createProvider(app.config, app.db, { secret, keys });

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
  const callback = provider.callback() as MadeProvider['callback'];
  return { provider, callback };
}
