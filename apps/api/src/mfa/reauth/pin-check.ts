import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { verifySecret } from '../../credentials/argon2.js';
import { retryLimitOf, signOutBlockedAccount } from '../account-checks.js';
import type { SessionContext } from '../../sessions/session-guard.js';

type PinFailure = { blocked: true } | { blocked: false; retriesLeft: number };

/**
 * Re-authentication by MPIN. Only an enabled and set PIN counts (otherwise
 * invalid_credentials). A wrong PIN adds one to pins.failed_count; reaching the client's
 * login_retry_limit blocks the account, as wrong passwords do (account_blocked, lifted by an
 * administrator). A right PIN resets the count when the session is renewed.
 */
export async function checkPin(
  app: FastifyInstance,
  request: FastifyRequest,
  session: SessionContext,
  pin: string,
  user: { pinEnabled: boolean; pin: { hash: string } | null },
): Promise<void> {
  if (!user.pinEnabled || !user.pin) throw new ApiError('invalid_credentials');
  if (await verifySecret(user.pin.hash, pin)) return;
  const limit = await retryLimitOf(app, session.clientId);
  const failure = await countPinFailure(app, session.userId, limit);
  if (failure.blocked) {
    await signOutBlockedAccount(app, request, session.userId, 'mpin');
    throw new ApiError('account_blocked');
  }
  throw new ApiError('invalid_pin', { retries_left: failure.retriesLeft });
}

/**
 * Counts a wrong PIN exactly under concurrency: the user row is locked first, so parallel
 * failures are counted one after another and the one that reaches the limit blocks the account
 * in the same transaction. A count already at the limit on an active account means an
 * administrator unblocked it since, so counting starts again.
 */
async function countPinFailure(
  app: FastifyInstance,
  userId: string,
  limit: number,
): Promise<PinFailure> {
  return app.db.prisma.$transaction(async (tx) => {
    const users = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM users WHERE id = ${userId} FOR UPDATE`;
    if (users[0]?.status !== 'active') return { blocked: true };
    const pins = await tx.$queryRaw<{ failed_count: number }[]>`
      UPDATE pins
         SET failed_count = CASE WHEN failed_count >= ${limit} THEN 1 ELSE failed_count + 1 END,
             updated_at = now()
       WHERE user_id = ${userId}
   RETURNING failed_count`;
    const failed = Number(pins[0]?.failed_count ?? limit);
    if (failed < limit) return { blocked: false, retriesLeft: limit - failed };
    await tx.user.update({ where: { id: userId }, data: { status: 'blocked' } });
    return { blocked: true };
  });
}
