import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { credentialRateLimit } from '../abuse/sign-in-defence.js';
import { registerCall } from '../http/register-call.js';
import { assertResetCodeUsable } from './reset-code-state.js';
import { requestReset } from './request-reset.js';
import { resetPassword } from './reset-password.js';
import { assertPasswordAllowed, passwordPolicy } from './policy.js';

/** Routes: forgot password and reset. Every call is limited per IP (codes are guessable only
 * by brute force, and each request may send a mail). */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const limited = { rateLimit: credentialRateLimit() };

  registerCall(
    app,
    calls.forgot.request,
    async ({ body }, request) => {
      await requestReset(app, request, body.email);
      return 'Reset link sent';
    },
    limited,
  );

  registerCall(
    app,
    calls.forgot.validate,
    async ({ body }) => {
      await assertResetCodeUsable(app.db.prisma, body.code);
      return 'Reset link is valid';
    },
    limited,
  );

  registerCall(
    app,
    calls.forgot.update,
    async ({ body }, request) => {
      await assertPasswordAllowed(app.config, body.pass);
      await resetPassword(app, request, {
        code: body.code,
        username: body.username,
        password: body.pass,
      });
      return 'Password reset';
    },
    limited,
  );

  registerCall(app, calls.password.policy, async () => passwordPolicy(app.config), limited);
}
