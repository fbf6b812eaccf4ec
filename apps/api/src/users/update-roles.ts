import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMPANY_LEVEL_ROLE_IDS, GLOBAL_APP_ID, OWNER_ROLE_ID } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { assertStillAdmin } from '../company/acting-admin.js';
import { withdrawOwnerInvitations } from '../ownership/withdraw-owner-invitations.js';
import { sessionOf } from '../sessions/session-guard.js';
import type { InvitedApp } from '../invites/send-invite-mail.js';
import { mailInvitation, writeInvitation } from '../invites/write-invitation.js';
import { ownerUnderLock } from './access-lock.js';
import { lockCallerAndTarget } from './acting-admin-lock.js';
import type { AccessRow } from './access-rows.js';
import { accessRowsOf } from './access-rows.js';
import { companyOf } from './company-member.js';
import type { LostAccess } from './lost-access.js';
import { endWhatLostAccessEnds } from './lost-access.js';
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
 * application is granted the way the person stands with the company: verified at once for
 * someone who is a verified member (they accepted membership; there is nothing left to
 * accept), and as an invitation, mailed like invites.send, for someone who has only
 * invitations (section 6: invites grant roles, optionally for an app). The invitation mail is
 * sent last inside the transaction, so a refused mail changes nothing (mail_failed).
 * When nothing is left, the person's sessions in this company end, as with removeAccess; an
 * application taken away from someone who keeps others ends its clients' OpenID Connect grants
 * (lost-access.ts).
 * Answers the access list and the applications newly invited.
 */
export async function updateRoles(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; data: Grant[] },
): Promise<{ access: AccessRow[]; invited: string[] }> {
  const session = sessionOf(request);
  const companyId = companyOf(session);
  const email = input.email.trim().toLowerCase();
  const grants = normalizeGrants(input.data);

  return app.db.prisma.$transaction(async (tx) => {
    const owner = await ownerUnderLock(tx, session, companyId);
    await lockCallerAndTarget(tx, session, email);
    const existing = await tx.access.findMany({
      where: { companyId, email },
      select: { id: true, appId: true, status: true, userId: true, roles: true },
    });
    if (existing.length === 0) throw new ApiError('user_not_found');
    const rolesOf = (appId: string) =>
      existing.find((row) => row.appId === appId)?.roles.map((role) => role.roleId) ?? [];
    const userId = existing.find((row) => row.userId !== null)?.userId ?? null;
    const globalBefore = rolesOf(GLOBAL_APP_ID);
    const adminLevel = COMPANY_LEVEL_ROLE_IDS.some((role) => globalBefore.includes(role));
    assertMayChangeTarget(session, { userId, adminLevel }, owner);
    const globalGrant = grants.find((grant) => grant.app === GLOBAL_APP_ID);
    if (globalGrant) assertMayChangeCompanyRoles(session, globalBefore, globalGrant.roles, owner);
    // Still an administrator here? Read again under the caller's lock (acting-admin-lock.ts).
    await assertStillAdmin(tx, session);
    const groups = await assertGrantable(
      tx,
      companyId,
      grants.filter((grant) => grant.roles.length > 0),
    );

    const member = existing.some((row) => row.status === 'verified');
    const invited: InvitedApp[] = [];
    // Looked up once, and only when an application is newly invited.
    let account: Promise<string | null> | undefined;
    const invitedApps: string[] = [];
    const lost: LostAccess[] = [];
    for (const grant of grants) {
      const row = existing.find((candidate) => candidate.appId === grant.app);
      if (grant.roles.length === 0) {
        if (row) {
          await tx.access.delete({ where: { id: row.id } });
          lost.push({ companyId, appId: grant.app, email, userId: row.userId ?? userId });
        }
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
        invited.push(
          await writeInvitation(tx, app.config.PUBLIC_URL, {
            companyId,
            email,
            userId: userId ?? (await (account ??= accountIdOf(tx, email))),
            invitedById: session.userId,
            grant,
            group: groups.get(grant.app),
          }),
        );
        invitedApps.push(grant.app);
      }
    }

    await endWhatLostAccessEnds(tx, lost);
    // An owner demoted here takes their owner invitations with them (ownership/hand-over.ts).
    const demoted =
      globalBefore.includes(OWNER_ROLE_ID) &&
      globalGrant !== undefined &&
      !globalGrant.roles.includes(OWNER_ROLE_ID);
    const withdrawn =
      demoted && userId
        ? await withdrawOwnerInvitations(tx, companyId, { invitedBy: [userId] })
        : [];
    const access = await accessRowsOf(tx, companyId, [email]);
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'user.roles.update',
      target: userId ?? email,
      details: {
        email,
        grants: grants.map((grant) => ({ app: grant.app, roles: grant.roles })),
        invited: invitedApps,
        ...(withdrawn.length > 0 ? { withdrawn } : {}),
      },
    });
    if (invited.length > 0) await mailInvitation(app, tx, companyId, email, invited);
    return { access, invited: invitedApps };
  });
}

/** The account with an e-mail, if any: an invitee who registered since is linked at once. */
async function accountIdOf(tx: Prisma.TransactionClient, email: string): Promise<string | null> {
  const user = await tx.user.findUnique({ where: { email }, select: { id: true } });
  return user?.id ?? null;
}
