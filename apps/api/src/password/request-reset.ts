import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { issueResetLink } from './reset-token.js';

/**
 * forgot.request: e-mails a reset link to the account named by username or e-mail.
 *
 * Account enumeration: unless REVEAL_ACCOUNT_STATE is on, an unknown account and a blocked one
 * answer exactly like a found one (200, nothing sent). With it on they answer user_not_found
 * and account_blocked (section 8: "Forgot: blocked -> Failed to reset account. Account blocked.").
 * A blocked account never gets a link: only an administrator's reset lifts a block.
 * The user's status is not changed (awaiting_reset is the administrator's reset only), so a
 * stranger asking for a link cannot lock anyone out of sign-in.
 */
export async function requestReset(
  app: FastifyInstance,
  request: FastifyRequest,
  identifier: string,
): Promise<void> {
  const name = identifier.trim().toLowerCase();
  const user = await app.db.prisma.user.findFirst({
    where: { OR: [{ username: name }, { email: name }] },
    select: { id: true, email: true, displayName: true, status: true },
  });
  const reveal = app.config.REVEAL_ACCOUNT_STATE;
  if (!user) {
    if (reveal) throw new ApiError('user_not_found');
    return;
  }
  if (user.status === 'blocked') {
    if (reveal) throw new ApiError('account_blocked');
    return;
  }
  await app.db.prisma.$transaction(async (tx) => {
    await recordAudit(tx, {
      // No actor: whoever asked is anonymous; the link goes to the account's own mailbox.
      action: 'password.forgot',
      target: user.id,
      ip: request.ip,
    });
    // Last: a refused mail rolls the token back (mail_failed).
    await issueResetLink(tx, app.mailer, app.config.PUBLIC_URL, { user, reason: 'forgot' });
  });
}
