import { COMPANY_LEVEL_ROLE_IDS, GLOBAL_APP_ID } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import type { SessionContext } from '../sessions/session-guard.js';
import { lockAccessOfAccount } from '../users/access-lock.js';

/**
 * Run last in the transaction of an administrator's change (platform or company): the guard
 * read the caller's roles when the request began, but the call may have waited (on a row lock)
 * while the caller was removed from the company or lost the admin role. Under the caller's
 * per-person lock, which a removal and a role update take too (users/access-lock.ts), it reads
 * whether the session is still live and still holds global.owner or global.admin there: either
 * the change committed before that removal, or it sees it and throws, undoing what the
 * transaction wrote (a rotated secret is then never answered). session_invalid when the session
 * ended (what the next call would answer), forbidden when only the role went.
 */
export async function assertStillAdmin(
  tx: Prisma.TransactionClient,
  session: Pick<SessionContext, 'id' | 'userId' | 'companyId'>,
): Promise<void> {
  const companyId = session.companyId;
  if (companyId === null) throw new ApiError('forbidden');
  if ((await lockAccessOfAccount(tx, companyId, session.userId)) === null) {
    throw new ApiError('session_invalid');
  }
  const [row] = await tx.$queryRaw<{ live: boolean; admin: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM sessions s
                    WHERE s.id = ${session.id} AND s.ended_at IS NULL
                      AND s.current_company_id = ${companyId}) AS live,
           EXISTS (SELECT 1 FROM access a JOIN access_roles ar ON ar.access_id = a.id
                    WHERE a.company_id = ${companyId} AND a.user_id = ${session.userId}
                      AND a.status = 'verified' AND ar.app_id = ${GLOBAL_APP_ID}
                      AND ar.role_id IN (${COMPANY_LEVEL_ROLE_IDS[0]}, ${COMPANY_LEVEL_ROLE_IDS[1]}))
             AS admin`;
  if (!row?.live) throw new ApiError('session_invalid');
  if (!row.admin) throw new ApiError('forbidden');
}
