import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { health } from '@portico/contracts';
import { readMailQueueState } from '../mail/queue-state.js';

export type ReadinessChecks = z.infer<typeof health.readinessChecks>;

/** A check that has not answered by then has failed. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(check: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this replica can serve (docs/operations.md, "Health"), each dependency at once:
 * - database: answers a trivial query;
 * - redis: answers PING, when REDIS_URL is set (`off` otherwise);
 * - mail_queue: the queue can be read, and no job has been due and untaken by any worker for
 *   longer than READY_MAIL_BACKLOG_MINUTES (0: only readable). A mail refused by the SMTP server
 *   is set back to a later attempt, so an SMTP outage is not `stuck`: stuck means the workers
 *   are not draining the queue.
 */
export async function readinessChecks(app: FastifyInstance): Promise<ReadinessChecks> {
  const redis = app.abuse.redis;
  const bound = app.config.READY_MAIL_BACKLOG_MINUTES * 60;
  const [database, redisState, mailQueue] = await Promise.all([
    within(
      app.db.ping().then((up) => (up ? ('up' as const) : ('down' as const))),
      'down' as const,
    ),
    redis
      ? within(
          redis.ping().then(() => 'up' as const),
          'down' as const,
        )
      : Promise.resolve('off' as const),
    within(
      readMailQueueState(app.db).then((state) =>
        bound > 0 && state.oldestDueSeconds > bound ? ('stuck' as const) : ('up' as const),
      ),
      'down' as const,
    ),
  ]);
  return { database, redis: redisState, mail_queue: mailQueue };
}

export function isReady(checks: ReadinessChecks): boolean {
  return checks.database === 'up' && checks.redis !== 'down' && checks.mail_queue === 'up';
}
