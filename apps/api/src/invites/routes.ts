import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { removeInvite } from './remove-invite.js';
import { resendInvite } from './resend-invite.js';
import { sendInvite } from './send-invite.js';

/** Routes: invitations: send, resend, remove (company administrators, current company). */
export async function invitesRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, calls.invites.send, async ({ body }, request) => {
    await sendInvite(app, request, body);
    return `Invite sent to ${body.email}`;
  });

  registerCall(app, calls.invites.resend, async ({ body }, request) => {
    await resendInvite(app, request, body);
    return 'Invite resent!';
  });

  registerCall(app, calls.invites.remove, async ({ body }, request) => {
    await removeInvite(app, request, body);
    return `${body.app} invite deleted successfully.`;
  });
}
