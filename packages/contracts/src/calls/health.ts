import { z } from 'zod';
import { defineCall } from '../call.js';

/** For load balancers and operators: no session, no details beyond these three. */
export const check = defineCall({
  id: 'health.check',
  method: 'GET',
  path: '/v1/health',
  summary: 'Liveness and database reachability',
  access: 'public',
  pathChosen: true,
  answer: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
    version: z.string(),
  }),
  codes: [],
});

/**
 * Liveness, for an orchestrator: the process runs and its event loop answers. It checks no
 * dependency, so an outage of the database never gets healthy replicas restarted.
 */
export const live = defineCall({
  id: 'health.live',
  method: 'GET',
  path: '/v1/health/live',
  summary: 'Liveness: the process answers (no dependency is checked)',
  access: 'public',
  pathChosen: true,
  answer: z.object({ status: z.literal('ok') }),
  codes: [],
});

/** How each dependency of readiness stands: `off` when it is not configured (Redis). */
export const readinessChecks = z.object({
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
  /** `stuck`: a mail has been due, and no worker has taken it, for longer than the bound. */
  mail_queue: z.enum(['up', 'down', 'stuck']),
});

/**
 * Readiness, for a load balancer or an orchestrator: whether this replica can serve now. The
 * database answers, Redis answers when REDIS_URL is set, and the mail queue is readable with no
 * job left due and untaken past READY_MAIL_BACKLOG_MINUTES. Otherwise 503 `unavailable` with
 * the same `checks`, saying which dependency failed (docs/operations.md, "Health").
 */
export const ready = defineCall({
  id: 'health.ready',
  method: 'GET',
  path: '/v1/health/ready',
  summary: 'Readiness: the database, Redis (when configured) and the mail queue',
  access: 'public',
  pathChosen: true,
  answer: z.object({ status: z.literal('ready'), checks: readinessChecks }),
  codes: [],
});
