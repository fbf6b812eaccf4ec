import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { GLOBAL_APP_ID, OWNER_ROLE_ID } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { assertStillAdmin } from '../company/acting-admin.js';
import { withdrawOwnerInvitations } from '../ownership/withdraw-owner-invitations.js';
import { sessionOf } from '../sessions/session-guard.js';
import { endSessionsWhere } from '../sessions/session-store.js';
import { ownerUnderLock } from './access-lock.js';
import { lockCallerAndTarget } from './acting-admin-lock.js';
import { companyOf, isAdminLevel } from './company-member.js';
import { assertMayChangeTarget } from './role-rules.js';

/**
 * users.removeAccess: takes a person out of the current company in one transaction: every
 * access row and invitation of the e-mail here, the sessions whose current company is this one
 * (ended, `access_removed`: their cookies answer session_invalid), and the user's branch
 * assignments and names in this company. Never oneself; an owner or admin only by an owner.
 */
export async function removeAccess(
  app: FastifyInstance,
  request: FastifyRequest,
  rawEmail: string,
): Promise<void> {
  const session = sessionOf(request);
  const companyId = companyOf(session);
  const email = rawEmail.trim().toLowerCase();
  await app.db.prisma.$transaction(async (tx) => {
    const owner = await ownerUnderLock(tx, session, companyId);
    await lockCallerAndTarget(tx, session, email);
    const rows = await tx.access.findMany({
      where: { companyId, email },
      select: { id: true, appId: true, userId: true, roles: { select: { roleId: true } } },
    });
    if (rows.length === 0) throw new ApiError('user_not_found');
    const userId =
      rows.find((row) => row.userId !== null)?.userId ??
      (await tx.user.findUnique({ where: { email }, select: { id: true } }))?.id ??
      null;
    assertMayChangeTarget(
      session,
      { userId, adminLevel: await isAdminLevel(tx, companyId, email) },
      owner,
    );
    // Still an administrator here? Read again under the caller's lock (acting-admin-lock.ts).
    await assertStillAdmin(tx, session);

    const wasOwner = rows.some(
      (row) =>
        row.appId === GLOBAL_APP_ID && row.roles.some((role) => role.roleId === OWNER_ROLE_ID),
    );
    await tx.access.deleteMany({ where: { companyId, email } });
    // An owner taken out takes their owner invitations with them (ownership/hand-over.ts).
    const withdrawn =
      wasOwner && userId
        ? await withdrawOwnerInvitations(tx, companyId, { invitedBy: [userId] })
        : [];
    let sessionsEnded = 0;
    if (userId) {
      sessionsEnded = await endSessionsWhere(
        tx,
        { userId, currentCompanyId: companyId },
        'access_removed',
      );
      await tx.userBranch.deleteMany({ where: { userId, companyId } });
      await tx.userPreference.deleteMany({ where: { userId, companyId } });
    }
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'user.access.remove',
      target: userId ?? email,
      details: {
        email,
        apps: rows.map((row) => row.appId),
        sessionsEnded,
        ...(withdrawn.length > 0 ? { withdrawn } : {}),
      },
    });
  });
}
