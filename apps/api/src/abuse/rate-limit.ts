import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/**
 * @fastify/rate-limit, off by default: calls opt in through their route config (see
 * registerCall's `rateLimit` option). With REDIS_URL the counters live in Redis, so every API
 * replica counts the same requests; otherwise in this process's memory.
 */
export const rateLimitPlugin = fp(async function rateLimiting(app: FastifyInstance) {
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'portico-rl-' } : {}),
  });
  if (redis) app.addHook('onClose', async () => void redis.quit());
});
