import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { confirmAccountPassword, invalidCredentials } from '../mfa/account-checks.js';
import { clearSessionCookie } from '../sessions/cookie.js';
import { sessionOf } from '../sessions/session-guard.js';
import { eraseAccount } from './erase-account.js';
import { lockAccountUnlessOnlyOwner } from './only-owner.js';
import { withdrawOwnerInvitations } from '../ownership/withdraw-owner-invitations.js';

/**
 * profile.deleteAccount: a user deletes their own account where the session's client allows it
 * (allow_delete; forbidden otherwise), after confirming the password (counted like every
 * confirmation). A company's only owner must hand it over first (owner_must_transfer), so no
 * company is left without one. Then, in one transaction, the account and its personal data are
 * erased (erase-account.ts) and `account.erased` is audited with no personal data: the random
 * id, the client, how many companies it belonged to (and the ids of the owner invitations it
 * sent that went with it). The cookie is cleared.
 */
export async function deleteOwnAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  password: string,
): Promise<void> {
  const session = sessionOf(request);
  if (!session.allowDelete) {
    throw new ApiError('forbidden', 'This application does not allow deleting accounts.');
  }
  await confirmAccountPassword(app, request, session, password, invalidCredentials);

  await app.db.prisma.$transaction(async (tx) => {
    const owned = await lockAccountUnlessOnlyOwner(tx, session.userId);
    const user = await tx.user.findUnique({
      where: { id: session.userId },
      select: { id: true, email: true, username: true, avatarId: true },
    });
    // Erased meanwhile (the same request sent twice): its sessions, this one too, went with it.
    if (!user) throw new ApiError('session_invalid');
    const companies = await tx.access.findMany({
      where: { userId: user.id, status: 'verified' },
      distinct: ['companyId'],
      select: { companyId: true },
    });
    // The owner invitations it sent in the companies it co-owns would hand one over when
    // accepted later, in the name of nobody: they go with their owner, as when an owner hands
    // the company over, is demoted or removed (ownership/withdraw-owner-invitations.ts).
    const withdrawn: string[] = [];
    for (const companyId of owned) {
      withdrawn.push(...(await withdrawOwnerInvitations(tx, companyId, { invitedBy: [user.id] })));
    }
    await eraseAccount(tx, user);
    await recordAudit(tx, {
      action: 'account.erased',
      target: user.id,
      clientId: session.clientId,
      details: { companies: companies.length, ...(withdrawn.length > 0 ? { withdrawn } : {}) },
    });
  });
  clearSessionCookie(reply, app.config);
}
