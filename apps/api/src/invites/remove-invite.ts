import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { sessionOf } from '../sessions/session-guard.js';
import { lockAccessOf } from '../users/access-lock.js';
import { companyOf } from '../users/company-member.js';
import { assertMayManageInvitation, noLongerPending } from './invitation-rules.js';

/**
 * invites.remove: deletes one pending invitation of the current company (its link stops
 * working). A verified access answers `verified` (users.updateRoles or removeAccess remove
 * those). Section 6 applies as to role changes (assertMayManageInvitation): an owner or admin's
 * invitations, invitations to global.owner or global.admin included, are removed only by an
 * owner, and nobody removes their own.
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
    await lockAccessOf(tx, companyId, email);
    const row = await tx.access.findUnique({
      where: { companyId_appId_email: { companyId, appId: input.app, email } },
      select: { id: true, status: true, userId: true },
    });
    if (!row) throw new ApiError('not_found');
    if (row.status === 'verified') throw new ApiError('verified', 'The invitation was accepted.');
    await assertMayManageInvitation(tx, session, companyId, { email, userId: row.userId });
    // Only while still pending: an acceptance that held the row since the read above has made it
    // a verified access, which this call does not remove.
    const deleted = await tx.access.deleteMany({ where: { id: row.id, status: 'pending' } });
    if (deleted.count === 0) throw await noLongerPending(tx, row.id);
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'invite.remove',
      target: row.id,
      details: { email, app: input.app },
    });
  });
}
