import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { issueResetLink, lockUserForReset } from '../password/reset-token.js';
import { isPlatformAdmin, sessionOf } from '../sessions/session-guard.js';
import { endSessionsWhere } from '../sessions/session-store.js';
import { lockAccessOfAccount } from './access-lock.js';
import { assertMayChangeTarget } from './role-rules.js';
import { administersElsewhere, companyOf, findCompanyMember } from './company-member.js';

/**
 * users.resetPassword: an administrator starts a password reset for a verified member of the
 * company (invitees are not members yet, and resetting would lock a stranger's account). The
 * account becomes awaiting_reset (sign-in refuses it until the new password is set) and the
 * link is mailed inside the transaction, so a refused mail changes nothing (mail_failed).
 * Not for oneself (Forgot password exists) nor, unless by an owner, for an owner or admin; nor,
 * unless by a platform administrator, for someone who administers another company.
 * Every session of the account ends at once, in every company: the account is one, and a reset
 * is often the answer to its compromise (sign-in refuses it until the new password is set).
 */
export async function resetPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  username: string,
): Promise<void> {
  const session = sessionOf(request);
  const companyId = companyOf(session);
  await app.db.prisma.$transaction(async (tx) => {
    // The member's per-person lock (and their account row KEY SHARE), as every writer of their
    // access takes it: a removal from the company (or a role update that leaves them nothing
    // here) then runs wholly before the reset, which finds no member, or after it; never
    // between the membership read and the lock-out of an account no longer the company's. The
    // account's erasure waits for it too, instead of deleting the row under its update.
    const account = await tx.user.findUnique({
      where: { username: username.toLowerCase() },
      select: { id: true },
    });
    if (!account) throw new ApiError('user_not_found');
    // The account's row first, as the reset's write will take it: a sign-in, an auto-login or a
    // device verification that writes the row after this waits and then finds the reset
    // (auth/sign-in-races.test.ts); the person's lock only KEY SHAREs it.
    await lockUserForReset(tx, account.id);
    if ((await lockAccessOfAccount(tx, companyId, account.id)) === null) {
      throw new ApiError('user_not_found');
    }
    const member = await findCompanyMember(
      tx,
      companyId,
      { id: account.id },
      { verifiedOnly: true },
    );
    if (!member) throw new ApiError('user_not_found');
    assertMayChangeTarget(session, { userId: member.id, adminLevel: member.adminLevel });
    // The reset is the whole account's: it would lock an administrator of another company out
    // of it. They reset through Forgot password; a platform administrator may still do it.
    if (!isPlatformAdmin(session) && (await administersElsewhere(tx, companyId, member.id))) {
      throw new ApiError(
        'forbidden',
        'They administer another company: they reset their own password.',
      );
    }
    await tx.user.update({ where: { id: member.id }, data: { status: 'awaiting_reset' } });
    // A reset often answers a compromise: whoever holds a session of the account loses it now.
    const ended = await endSessionsWhere(tx, { userId: member.id }, 'password_reset');
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'user.password.reset',
      target: member.id,
      details: { username: member.username, sessionsEnded: ended },
    });
    await issueResetLink(tx, app.mailer, app.config.PUBLIC_URL, {
      user: member,
      reason: 'admin',
      requestedById: session.userId,
    });
  });
}
