import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';

/** The portal reports its web-vitals figures when it closes; they go to the logs, nowhere else. */
export async function vitalsRoutes(app: FastifyInstance) {
  registerCall(app, calls.vitals.report, async ({ body }, request) => {
    request.log.info({ vitals: body }, 'web vitals');
    return 'OK';
  });
}
