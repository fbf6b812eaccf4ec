import type { Prisma, UserStatus } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import type { SessionContext } from '../sessions/session-guard.js';
import { assertAccountUsable } from './account-checks.js';

/**
 * Run first in the transaction that writes a change of the account's factors (the MPIN, the
 * toggles, a new passkey). The call checked the account at its start, but its slow part (the
 * password's hash, the attestation) leaves time for an administrator's reset or a block to
 * land before the write. Both update the user row and end every session: they are often the
 * answer to a compromise, so a factor written after them would be chosen by whoever held the
 * session. Holding the row (FOR SHARE) orders the change before such an update or after it;
 * after it, the account is found unusable (or the session ended) and nothing is written.
 *
 * `unusable` is what a call without the account codes in its contract answers instead; the
 * block and the reset end the session, so session_invalid is what it would answer a moment
 * later anyway.
 */
export async function lockAccountForChange(
  tx: Prisma.TransactionClient,
  session: Pick<SessionContext, 'id' | 'userId'>,
  unusable?: 'session_invalid',
): Promise<void> {
  const [row] = await tx.$queryRaw<{ status: UserStatus; live: boolean }[]>`
    SELECT u.status,
           EXISTS (SELECT 1 FROM sessions s WHERE s.id = ${session.id} AND s.ended_at IS NULL)
             AS live
      FROM users u WHERE u.id = ${session.userId} FOR SHARE OF u`;
  if (!row?.live) throw new ApiError('session_invalid');
  if (unusable && row.status !== 'active') throw new ApiError(unusable);
  assertAccountUsable(row.status);
}
