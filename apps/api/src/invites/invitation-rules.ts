import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
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

/**
 * Why a write to a pending invitation (resend, remove) matched no row: an acceptance that held
 * the row since the caller read it has made it a verified access (`verified`), or it is gone.
 */
export async function noLongerPending(tx: Prisma.TransactionClient, id: string): Promise<ApiError> {
  const now = await tx.access.findUnique({ where: { id }, select: { id: true } });
  return now ? new ApiError('verified', 'The invitation was accepted.') : new ApiError('not_found');
}
