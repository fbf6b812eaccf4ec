import { z } from 'zod';
import { defineCall } from '../call.js';

/**
 * The password policy in force (the operator's settings), so that the registration and reset
 * forms check what the server will check: the length bounds, and whether common and breached
 * passwords are refused (that list stays on the server).
 */
export const policy = defineCall({
  id: 'password.policy',
  method: 'GET',
  path: '/v1/password/policy',
  summary: 'The password policy in force: length bounds and the blocklist',
  access: 'public',
  pathChosen: true,
  answer: z.object({
    min: z.number().int(),
    max: z.number().int(),
    blocklist: z.boolean(),
  }),
  codes: ['rate_limit_exceeded'],
});
