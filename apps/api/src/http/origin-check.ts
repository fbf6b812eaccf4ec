import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendFailure } from './envelope.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence, with SameSite=Lax cookies and JSON-only bodies: a state-changing request that
 * carries an Origin header must come from the portal's own origin (PUBLIC_URL) or a configured
 * CORS origin. Server-to-server calls (the code exchange) send no Origin and pass.
 */
export const originCheckPlugin = fp(async function originCheck(app: FastifyInstance) {
  const allowed = new Set([new URL(app.config.PUBLIC_URL).origin, ...app.config.CORS_ORIGINS]);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin)) return;
    request.log.warn({ origin }, 'request from a foreign origin refused');
    return sendFailure(reply, 'origin_refused');
  });
});
