import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { enqueueMailJob } from '../mail/queue.js';
import { findForgotAccount } from './forgot-job.js';

/**
 * forgot.request: queues the request (mail/queue.ts) and answers; the mail worker looks the
 * account up and mails the link afterwards (password/forgot-job.ts).
 *
 * Account enumeration: unless REVEAL_ACCOUNT_STATE is on, the request does the same single write
 * whatever the identifier names (a known account, an unknown one, a blocked one), so neither its
 * answer nor its time tells them apart; nothing is sent to an unknown or blocked account. With
 * it on, the answer says user_not_found and account_blocked (section 8: "Forgot: blocked ->
 * Failed to reset account. Account blocked."), and the timing no longer matters.
 * A blocked account never gets a link: only an administrator's reset lifts a block.
 * The user's status is not changed (awaiting_reset is the administrator's reset only), so a
 * stranger asking for a link cannot lock anyone out of sign-in.
 * The mail leaves through the queue, so an SMTP outage or a crash loses no request: the job is
 * retried until the mail is accepted.
 */
export async function requestReset(
  app: FastifyInstance,
  request: FastifyRequest,
  identifier: string,
): Promise<void> {
  if (app.config.REVEAL_ACCOUNT_STATE) {
    const user = await findForgotAccount(app, identifier);
    if (!user) throw new ApiError('user_not_found');
    if (user.status === 'blocked') throw new ApiError('account_blocked');
  }
  await enqueueMailJob(app.db.prisma, {
    kind: 'password.forgot',
    payload: { identifier, ip: request.ip },
  });
  app.mailQueue.wake();
}
