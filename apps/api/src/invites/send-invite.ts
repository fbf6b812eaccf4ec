import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GLOBAL_APP_ID } from '@portico/contracts';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { assertStillAdmin } from '../company/acting-admin.js';
import { sessionOf } from '../sessions/session-guard.js';
import { lockCallerAndTarget } from '../users/acting-admin-lock.js';
import { companyOf, isAdminLevel } from '../users/company-member.js';
import type { Grant } from '../users/role-rules.js';
import {
  assertGrantable,
  assertMayChangeCompanyRoles,
  assertMayChangeTarget,
  normalizeGrants,
} from '../users/role-rules.js';
import type { InvitedApp } from './send-invite-mail.js';
import { mailInvitation, writeInvitation } from './write-invitation.js';

/**
 * invites.send: invites an e-mail to roles of the current company, one pending access row per
 * application (each with its own code, expiry and sent time). An application the e-mail
 * already has verified access to refuses the whole call (user_already_enrolled); a pending one
 * gets the new roles and a new code (the old link stops working). Applications with an empty
 * role list are ignored; at least one role must be given. An existing account with that e-mail
 * is linked at once (user_id). One mail lists an accept link per application; it is sent last
 * inside the transaction, so a refused mail leaves nothing behind (mail_failed).
 */
export async function sendInvite(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; roles: Grant[] },
): Promise<void> {
  const session = sessionOf(request);
  const companyId = companyOf(session);
  const email = input.email.trim().toLowerCase();
  const grants = normalizeGrants(input.roles).filter((grant) => grant.roles.length > 0);
  if (grants.length === 0)
    throw new ApiError('incomplete_param', { fields: { roles: 'Required' } });

  await app.db.prisma.$transaction(async (tx) => {
    // Also holds the company's row: its removal waits for the invitation, or came first and
    // answers forbidden (acting-admin-lock.ts).
    await lockCallerAndTarget(tx, session, email);
    const user = await tx.user.findUnique({ where: { email }, select: { id: true } });
    assertMayChangeTarget(session, {
      userId: user?.id ?? null,
      adminLevel: await isAdminLevel(tx, companyId, email),
    });
    // Still an administrator here? Read again under the caller's lock (acting-admin-lock.ts).
    await assertStillAdmin(tx, session);
    const groups = await assertGrantable(tx, companyId, grants);
    const existing = await tx.access.findMany({
      where: { companyId, email, appId: { in: grants.map((grant) => grant.app) } },
      select: { id: true, appId: true, status: true, roles: { select: { roleId: true } } },
    });
    const enrolled = existing.find((row) => row.status === 'verified');
    if (enrolled) {
      throw new ApiError(
        'user_already_enrolled',
        `${email} already has access to ${enrolled.appId}.`,
      );
    }
    const globalGrant = grants.find((grant) => grant.app === GLOBAL_APP_ID);
    if (globalGrant) {
      const before = existing.find((row) => row.appId === GLOBAL_APP_ID)?.roles ?? [];
      assertMayChangeCompanyRoles(
        session,
        before.map((role) => role.roleId),
        globalGrant.roles,
      );
    }

    const invited: InvitedApp[] = [];
    for (const grant of grants) {
      invited.push(
        await writeInvitation(tx, app.config.PUBLIC_URL, {
          companyId,
          email,
          userId: user?.id ?? null,
          invitedById: session.userId,
          grant,
          group: groups.get(grant.app),
        }),
      );
    }
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'invite.send',
      target: user?.id ?? email,
      details: { email, grants: grants.map((grant) => ({ app: grant.app, roles: grant.roles })) },
    });
    await mailInvitation(app, tx, companyId, email, invited);
  });
}
