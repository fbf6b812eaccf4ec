import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { registerCall } from '../http/register-call.js';

/** Load balancers and operators ask here whether this process can serve: the database must answer. */
export async function healthRoutes(app: FastifyInstance, opts: { version: string }) {
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
