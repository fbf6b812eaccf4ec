import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { credentialRateLimit } from '../abuse/sign-in-defence.js';
import { registerCall } from '../http/register-call.js';
import { deleteOwnAccount } from './delete-own-account.js';

/** Routes: a user's deletion of their own account (docs/accounts.md, "Deleting an account"). */
export async function erasureRoutes(app: FastifyInstance): Promise<void> {
  registerCall(
    app,
    calls.profile.deleteAccount,
    async ({ body }, request, reply) => {
      await deleteOwnAccount(app, request, reply, body.password);
      return 'Account deleted';
    },
    { rateLimit: credentialRateLimit() },
  );
}
