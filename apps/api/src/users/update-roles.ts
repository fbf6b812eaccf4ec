import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GLOBAL_APP_ID } from '@portico/contracts';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { sessionOf } from '../sessions/session-guard.js';
import { endSessionsWhere } from '../sessions/session-store.js';
import { lockAccessOf } from './access-lock.js';
import type { AccessRow } from './access-rows.js';
import { accessRowsOf } from './access-rows.js';
import { COMPANY_LEVEL_ROLES, companyOf } from './company-member.js';
import type { Grant } from './role-rules.js';
import {
  assertGrantable,
  assertMayChangeCompanyRoles,
  assertMayChangeTarget,
  normalizeGrants,
} from './role-rules.js';

/**
 * users.updateRoles: sets, per application named in `data`, the roles of one e-mail in the
 * current company; an empty list removes that application's access or invitation (section 4).
 * Applications not named keep their access. Existing rows keep their status (an invitation
 * stays pending, and its mailed link still accepts it, now with the new roles). A new
 * application for someone who is already a verified member of the company is granted verified
 * at once (they accepted membership; there is nothing left to accept); for someone who has only
 * invitations it is refused (not_found): that is a new invitation, sent with invites.send.
 * When nothing is left, the person's sessions in this company end, as with removeAccess.
 */
export async function updateRoles(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; data: Grant[] },
): Promise<{ access: AccessRow[] }> {
  const session = sessionOf(request);
  const companyId = companyOf(session);
  const email = input.email.trim().toLowerCase();
  const grants = normalizeGrants(input.data);

  return app.db.prisma.$transaction(async (tx) => {
    await lockAccessOf(tx, companyId, email);
    const existing = await tx.access.findMany({
      where: { companyId, email },
      select: { id: true, appId: true, status: true, userId: true, roles: true },
    });
    if (existing.length === 0) throw new ApiError('user_not_found');
    const rolesOf = (appId: string) =>
      existing.find((row) => row.appId === appId)?.roles.map((role) => role.roleId) ?? [];
    const userId = existing.find((row) => row.userId !== null)?.userId ?? null;
    const globalBefore = rolesOf(GLOBAL_APP_ID);
    const adminLevel = COMPANY_LEVEL_ROLES.some((role) => globalBefore.includes(role));
    assertMayChangeTarget(session, { userId, adminLevel });
    const globalGrant = grants.find((grant) => grant.app === GLOBAL_APP_ID);
    if (globalGrant) assertMayChangeCompanyRoles(session, globalBefore, globalGrant.roles);
    await assertGrantable(
      tx,
      companyId,
      grants.filter((grant) => grant.roles.length > 0),
    );

    const member = existing.some((row) => row.status === 'verified');
    for (const grant of grants) {
      const row = existing.find((candidate) => candidate.appId === grant.app);
      if (grant.roles.length === 0) {
        if (row) await tx.access.delete({ where: { id: row.id } });
        continue;
      }
      const roles = grant.roles.map((roleId) => ({ roleId }));
      if (row) {
        await tx.accessRole.deleteMany({ where: { accessId: row.id } });
        await tx.accessRole.createMany({
          data: roles.map((role) => ({ ...role, accessId: row.id, appId: grant.app })),
        });
      } else if (member) {
        await tx.access.create({
          data: {
            companyId,
            appId: grant.app,
            email,
            userId,
            status: 'verified',
            acceptedAt: new Date(),
            invitedById: session.userId,
            roles: { create: roles },
          },
        });
      } else {
        throw new ApiError(
          'not_found',
          `${email} has not joined the company yet: invite them to ${grant.app} instead.`,
        );
      }
    }

    const access = await accessRowsOf(tx, companyId, [email]);
    if (access.length === 0 && userId) {
      await endSessionsWhere(tx, { userId, currentCompanyId: companyId }, 'access_removed');
    }
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'user.roles.update',
      target: userId ?? email,
      details: { email, grants: grants.map((grant) => ({ app: grant.app, roles: grant.roles })) },
    });
    return { access };
  });
}
