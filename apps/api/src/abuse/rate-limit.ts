import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { WhitelistCache } from './whitelist-cache.js';
import { KnownBans, awaitBan, refuseOverLimit } from './over-limit.js';

/** What the brute-force defence keeps in this process (shared by every encapsulated context). */
export interface AbuseState {
  whitelist: WhitelistCache;
  knownBans: KnownBans;
}

declare module 'fastify' {
  interface FastifyInstance {
    abuse: AbuseState;
  }
}

/**
 * @fastify/rate-limit, off by default: calls opt in through their route config (see
 * registerCall's `rateLimit` option and credentialRateLimit()). With REDIS_URL the counters live
 * in Redis, so every API replica counts the same requests; otherwise in this process's memory.
 *
 * For every limited call: whitelisted IPs are never counted (allowList, answered from the
 * cached whitelist); going over the limit answers rate_limit_exceeded and records a ban.
 * If Redis is unreachable the limiter lets requests through (skipOnError): per-account lockout
 * and the bans in PostgreSQL still hold, and sign-in stays available.
 */
export const rateLimitPlugin = fp(async function rateLimiting(app: FastifyInstance) {
  app.decorate('abuse', { whitelist: new WhitelistCache(app.db), knownBans: new KnownBans() });
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    allowList: (request) => request.server.abuse.whitelist.has(request.ip),
    errorResponseBuilder: refuseOverLimit,
    ...(redis ? { redis, nameSpace: 'portico-rl-' } : {}),
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    await awaitBan(request);
    return payload;
  });
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
});
