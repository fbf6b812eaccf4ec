import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { registerCall } from '../http/register-call.js';
import { isReady, readinessChecks } from './readiness.js';

/**
 * Load balancers and operators ask here whether this process can serve: the database must
 * answer. Orchestrators have liveness (the process answers: restart it if not) and readiness
 * (its dependencies answer: send it no traffic if not), docs/operations.md, "Health".
 */
export async function healthRoutes(app: FastifyInstance, opts: { version: string }) {
  registerCall(app, calls.health.live, async () => ({ status: 'ok' as const }));
  registerCall(app, calls.health.ready, async () => {
    const checks = await readinessChecks(app);
    // Which dependency failed, and nothing more: no error text, no address, no stack.
    if (!isReady(checks)) throw new ApiError('unavailable', { status: 'not_ready', checks });
    return { status: 'ready' as const, checks };
  });
  registerCall(app, calls.health.check, async () => {
    if (!(await app.db.ping())) {
      throw new ApiError('unavailable', {
        status: 'degraded',
        database: 'down',
        version: opts.version,
      });
    }
    return { status: 'ok' as const, database: 'up' as const, version: opts.version };
  });
}
