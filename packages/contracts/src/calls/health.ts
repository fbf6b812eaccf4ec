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
