import { z } from 'zod';
import { defineCall } from '../call.js';
import { clientId } from './auth.js';

/**
 * The code exchange (DESIGN.md): the client application's server trades the one-time code it
 * received with `code` and `com` for the user, the company and the user's roles in its app.
 */
export const code = defineCall({
  id: 'exchange.code',
  method: 'POST',
  path: '/v1/exchange',
  summary: "A client application's server exchanges a one-time sign-in code for the user",
  access: 'client',
  pathChosen: true,
  body: z
    .strictObject({
      client: clientId,
      secret: z.string().min(1).max(256).optional().describe('the client secret'),
      hash: z
        .string()
        .min(43)
        .max(128)
        .regex(/^[A-Za-z0-9._~-]+$/)
        .optional()
        .describe(
          'custom_hash clients: the verifier whose base64url SHA-256 was sent as code when the company was chosen',
        ),
      code: z.string().min(1).max(256),
      com: z.string().min(1).max(64),
    })
    .refine((body) => (body.secret === undefined) !== (body.hash === undefined), {
      error: 'Send either secret or hash.',
      path: ['secret'],
    }),
  answer: z.object({
    user: z.object({
      id: z.string(),
      username: z.string(),
      email: z.string(),
      dis: z.string(),
      fname: z.string(),
      lname: z.string(),
    }),
    company: z.object({ id: z.string(), name: z.string() }),
    roles: z.array(z.string()).describe("the user's role ids in the client's application"),
  }),
  codes: ['client_unauthorized', 'code_invalid', 'rate_limit_exceeded'],
});
