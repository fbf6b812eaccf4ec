import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GLOBAL_APP_ID } from '@portico/contracts';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { sessionOf } from '../sessions/session-guard.js';
import { lockAccessOf } from '../users/access-lock.js';
import { companyOf, isAdminLevel } from '../users/company-member.js';
import { assertMayChangeCompanyRoles, assertMayChangeTarget } from '../users/role-rules.js';

/**
 * invites.remove: deletes one pending invitation of the current company (its link stops
 * working). A verified access answers `verified` (users.updateRoles or removeAccess remove
 * those). Section 6 applies as to role changes: an owner or admin's invitations, and
 * invitations to global.owner or global.admin, are removed only by an owner.
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
      select: { id: true, status: true, userId: true, roles: { select: { roleId: true } } },
    });
    if (!row) throw new ApiError('not_found');
    if (row.status === 'verified') throw new ApiError('verified', 'The invitation was accepted.');
    assertMayChangeTarget(session, {
      userId: row.userId,
      adminLevel: await isAdminLevel(tx, companyId, email),
    });
    if (input.app === GLOBAL_APP_ID) {
      assertMayChangeCompanyRoles(
        session,
        row.roles.map((role) => role.roleId),
        [],
      );
    }
    await tx.access.delete({ where: { id: row.id } });
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'invite.remove',
      target: row.id,
      details: { email, app: input.app },
    });
  });
}
