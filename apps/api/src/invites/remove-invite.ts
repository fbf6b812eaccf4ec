import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { assertStillAdmin } from '../company/acting-admin.js';
import { sessionOf } from '../sessions/session-guard.js';
import { lockCallerAndTarget } from '../users/acting-admin-lock.js';
import { companyOf } from '../users/company-member.js';
import { endWhatLostAccessEnds } from '../users/lost-access.js';
import { assertMayManageInvitation, noLongerPending } from './invitation-rules.js';

/**
 * invites.remove: deletes one pending invitation of the current company (its link stops
 * working). A verified access answers `verified` (users.updateRoles or removeAccess remove
 * those). Section 6 applies as to role changes (assertMayManageInvitation): an owner or admin's
 * invitations, invitations to global.owner or global.admin included, are removed only by an
 * owner, and nobody removes their own. Withdrawing someone's last invitation here takes what the
 * company kept about them (branches, names), as every loss of access does.
 */
export async function removeInvite(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; app: string },
): Promise<void> {
  const session = sessionOf(request);
  const companyId = companyOf(session);
  const email = input.email.trim().toLowerCase();
  await app.db.prisma.$transaction(async (tx) => {
    await lockCallerAndTarget(tx, session, email);
    const row = await tx.access.findUnique({
      where: { companyId_appId_email: { companyId, appId: input.app, email } },
      select: { id: true, status: true, userId: true },
    });
    if (!row) throw new ApiError('not_found');
    if (row.status === 'verified') throw new ApiError('verified', 'The invitation was accepted.');
    await assertMayManageInvitation(tx, session, companyId, { email, userId: row.userId });
    // Still an administrator here? Read again under the caller's lock (acting-admin-lock.ts).
    await assertStillAdmin(tx, session);
    // Only while still pending: an acceptance that held the row since the read above has made it
    // a verified access, which this call does not remove.
    const deleted = await tx.access.deleteMany({ where: { id: row.id, status: 'pending' } });
    if (deleted.count === 0) throw await noLongerPending(tx, row.id);
    // An invitee with an account may have been given branches and names here already; their
    // last invitation gone, they are nobody's member here, and those go as on any loss of
    // access (users/lost-access.ts). Linked at invitation, or found by the e-mail.
    const userId =
      row.userId ??
      (await tx.user.findUnique({ where: { email }, select: { id: true } }))?.id ??
      null;
    await endWhatLostAccessEnds(tx, [{ companyId, appId: input.app, email, userId }]);
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'invite.remove',
      target: row.id,
      details: { email, app: input.app },
    });
  });
}
