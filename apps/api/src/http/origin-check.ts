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
  // A callback hook, not an async one: every request passes here and almost all go on at once,
  // without a promise and a turn of the microtask queue each. A refusal answers and never
  // calls done, as Fastify's hooks do to reply early.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin)) return done();
    request.log.warn({ origin }, 'request from a foreign origin refused');
    sendFailure(reply, 'origin_refused');
  });
});
