import type { Prisma } from '@portico/db';
import type { SessionContext } from '../sessions/session-guard.js';
import { isAdminLevel } from '../users/company-member.js';
import { assertMayChangeTarget } from '../users/role-rules.js';

/**
 * Section 6 for acting on someone's pending invitation (resend, remove), exactly as for changing
 * their roles: never one's own, and an owner or admin's (invited to global.owner or
 * global.admin included) only by an owner. Anything else is `forbidden`.
 */
export async function assertMayManageInvitation(
  tx: Prisma.TransactionClient,
  session: SessionContext,
  companyId: string,
  invitation: { email: string; userId: string | null },
): Promise<void> {
  assertMayChangeTarget(session, {
    userId: invitation.userId,
    adminLevel: await isAdminLevel(tx, companyId, invitation.email),
  });
}
