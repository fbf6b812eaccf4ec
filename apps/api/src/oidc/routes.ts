import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ID_TOKEN_TTL_SECONDS, OIDC_PATH, createProvider, issuerOf } from './provider.js';
import { loadSigningKeys } from './keys.js';
import { oidcSecret } from './secret.js';

/**
 * Mounts the OpenID Provider at /oidc. Its requests bypass Fastify's body parsing, JSON envelope
 * and error pages (the protocol has its own: form bodies, OAuth error objects): each is handed,
 * raw, to the provider's own request handler in its route's onRequest hook, with the URL made
 * relative to the mount as the provider expects (it reads the mount path from originalUrl), and
 * the forwarding headers set from the issuer and Fastify's client address.
 */
export async function oidcRoutes(app: FastifyInstance): Promise<void> {
  const secret = oidcSecret(app.config);
  const keys = await loadSigningKeys(app.db, secret, ID_TOKEN_TTL_SECONDS);
  const provider = createProvider(app.config, app.db, { secret, keys });
  const callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;

  const issuer = new URL(issuerOf(app.config));
  const handOver = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    // The provider builds its URLs from the request; they must be the issuer's whatever Host a
    // client sends, and the client's address is the one Fastify decided (TRUST_PROXY).
    raw.headers['x-forwarded-host'] = issuer.host;
    raw.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    raw.headers['x-forwarded-for'] = request.ip;
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
}
