import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { WhitelistCache } from './whitelist-cache.js';
import { KnownBans, awaitBan, refuseOverLimit } from './over-limit.js';
import { limitGroupOf } from './ip-address.js';

/** What the brute-force defence keeps in this process (shared by every encapsulated context). */
export interface AbuseState {
  whitelist: WhitelistCache;
  knownBans: KnownBans;
  /** The counters' Redis (REDIS_URL), which readiness pings; undefined when in memory. */
  redis: Redis | undefined;
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
 * If Redis is unreachable, RATE_LIMIT_FAIL_OPEN decides: open lets limited calls through
 * uncounted (per-account lockout and the bans in PostgreSQL still hold, sign-in stays
 * available); closed (the default in production) answers them 503 unavailable, so an attacker
 * who can take Redis down does not also get unlimited guesses.
 */
export const rateLimitPlugin = fp(async function rateLimiting(app: FastifyInstance) {
  const redis = app.config.REDIS_URL ? await connectRedis(app.config.REDIS_URL) : undefined;
  app.decorate('abuse', {
    whitelist: new WhitelistCache(app.db),
    knownBans: new KnownBans(),
    redis,
  });
  if (redis) {
    await firstConnection(redis);
    // Once per outage, not once per reconnection attempt (ioredis retries every few seconds).
    let reported = false;
    redis.on('error', (error: Error) => {
      if (reported) return;
      reported = true;
      app.log.warn({ reason: error.message }, 'rate limiter cannot reach Redis');
    });
    redis.on('ready', () => {
      reported = false;
    });
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: app.config.RATE_LIMIT_FAIL_OPEN,
    allowList: (request) => request.server.abuse.whitelist.has(request.ip),
    // The group the bans and their memo use too (an IPv4 address, an IPv6 /64), counted from
    // the address's one spelling: the plugin's own key took a forwarded `1.2.3.4:5678` as is,
    // another address for each of the client's ports.
    keyGenerator: (request) => limitGroupOf(request.ip),
    errorResponseBuilder: refuseOverLimit,
    ...(redis ? { redis, nameSpace: 'portico-rl-' } : {}),
  });
  app.addHook('onSend', awaitBan);
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
});

/**
 * The counters' client. ioredis is loaded only here: without REDIS_URL (the embedded default)
 * its module graph would only lengthen every start.
 */
async function connectRedis(url: string): Promise<Redis> {
  const { Redis: Client } = await import('ioredis');
  // No offline queue: while Redis is away a count fails at once (then open or closed), instead
  // of every limited request waiting for reconnection attempts.
  return new Client(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
}

/** Waits (at most the connect timeout) for Redis to answer or fail, so start-up is not a gap. */
function firstConnection(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2_000);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
