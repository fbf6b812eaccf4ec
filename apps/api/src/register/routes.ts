import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { credentialRateLimit } from '../abuse/sign-in-defence.js';
import { registerCall } from '../http/register-call.js';
import { registerUser } from './register-user.js';
import { assertPasswordAllowed } from '../password/policy.js';

/** Routes: registration by invitation (public, limited per IP). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  registerCall(
    app,
    calls.register.submit,
    async ({ body }, request) => {
      await assertPasswordAllowed(app.config, body.pass);
      await registerUser(app, request, {
        username: body.uname,
        password: body.pass,
        mobile: body.mobile,
        email: body.email,
        displayName: body.displayName,
        code: body.access,
      });
      return 'Registration successful';
    },
    { rateLimit: credentialRateLimit() },
  );
}
