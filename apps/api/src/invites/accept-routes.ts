import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { credentialRateLimit } from '../abuse/sign-in-defence.js';
import { registerCall } from '../http/register-call.js';
import { acceptInvitation } from './accept-invitation.js';
import { inviteDetails } from './invite-details.js';

/** Routes: invite details and acceptance (public: the code in the link is the proof, so both
 * are limited per IP against guessing). */
export async function inviteAcceptRoutes(app: FastifyInstance): Promise<void> {
  const limited = { rateLimit: credentialRateLimit() };

  registerCall(
    app,
    calls.invites.details,
    async ({ query }) => inviteDetails(app.db, query.access ?? query.code ?? '', query.email),
    limited,
  );

  registerCall(
    app,
    calls.invites.accept,
    async ({ body }, request) => acceptInvitation(app, request, body.access_code, body.email),
    limited,
  );
}
