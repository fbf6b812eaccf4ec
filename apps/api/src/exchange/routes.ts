import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { calls } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import type { CallingClient } from './client-guard.js';
import { exchangeCode } from './exchange.js';

/** Per-IP exchanges per minute: a client's server exchanges one code per sign-in. */
export const EXCHANGE_RATE_LIMIT_MAX = 300;
export const EXCHANGE_RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * Counted on arrival (onRequest), before the client guard, so a flood of wrong secrets is
 * limited too; the body is not parsed yet, so such a ban names no client.
 */
function exchangeRateLimit(): RateLimitOptions {
  return {
    max: EXCHANGE_RATE_LIMIT_MAX,
    timeWindow: EXCHANGE_RATE_LIMIT_WINDOW_MS,
    hook: 'onRequest',
  };
}

function callingClientOf(request: FastifyRequest): CallingClient {
  if (!request.callingClient) throw new Error('exchange: the route has no client guard');
  return request.callingClient;
}

/** Routes: the code exchange of client applications. */
export async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  registerCall(
    app,
    calls.exchange.code,
    async ({ body }, request) => exchangeCode(app, request, body, callingClientOf(request)),
    { rateLimit: exchangeRateLimit() },
  );
}
