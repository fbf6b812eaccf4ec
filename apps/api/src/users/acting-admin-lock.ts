import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import type { SessionContext } from '../sessions/session-guard.js';
import { lockAccessOf } from './access-lock.js';
import { companyOf } from './company-member.js';

/**
 * For a company administrator's change to someone's access (roles, invitations, removal): the
 * per-person locks (access-lock.ts) of the caller and of the e-mail acted on, held to the end.
 * The guard read the caller's roles when the request began, but the call may wait (on a row, or
 * on the person's lock) while the caller is removed or demoted, which takes the caller's lock
 * too: the caller then reads their roles again under it (company/acting-admin.ts
 * assertStillAdmin) before writing, and the change commits wholly before that removal, or
 * sees it and answers session_invalid (forbidden when only the role went).
 * Both locks in one order (by e-mail): two administrators acting on each other at once would
 * otherwise each hold one and wait for the other's, a deadlock (a 500). The caller's account row
 * is not locked here: assertStillAdmin holds it KEY SHARE, after these.
 * The company's row is held KEY SHARE then: its removal waits for the change (and then takes it);
 * one that came first answers forbidden, as company.update does, not a 500 nor session_invalid.
 * Callers that take the company's lock (access-lock.ts ownerUnderLock) take it before this.
 */
export async function lockCallerAndTarget(
  tx: Prisma.TransactionClient,
  session: SessionContext,
  email: string,
): Promise<void> {
  const companyId = companyOf(session);
  const caller = await tx.user.findUnique({
    where: { id: session.userId },
    select: { email: true },
  });
  if (!caller) throw new ApiError('session_invalid');
  for (const key of [caller.email, email].sort()) await lockAccessOf(tx, companyId, key);
  const company = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM companies WHERE id = ${companyId} FOR KEY SHARE`;
  if (company.length === 0) throw new ApiError('forbidden', 'The company was removed.');
}
