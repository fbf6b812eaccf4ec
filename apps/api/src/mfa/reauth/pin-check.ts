import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { verifySecret } from '../../credentials/argon2.js';
import { claimPinAttempt, refuseUnlessSettled, settleRightPin } from '../../credentials/lockout.js';
import { answerWrongGuess, refuseFactorClaim, retryLimitOf } from '../account-checks.js';
import type { SessionContext } from '../../sessions/session-guard.js';

/**
 * Re-authentication by MPIN. Only an enabled and set PIN counts (otherwise
 * invalid_credentials). Each guess is claimed against pins.failed_count before its hash is
 * verified (credentials/lockout.ts), so parallel guesses cannot pass the client's
 * login_retry_limit; reaching it locks the account out as wrong passwords do (account_blocked,
 * lifted by an administrator's reset), also when the count got there through a client with a
 * higher limit (refuseFactorClaim). A right PIN resets the count, unless the account was
 * blocked meanwhile. The guess is checked against the PIN stored when its claim was made, not
 * the one read before it: a PIN change committed while the guess was on its way (its claim
 * waits on the PIN's row) leaves the old PIN worthless.
 */
export async function checkPin(
  app: FastifyInstance,
  request: FastifyRequest,
  session: SessionContext,
  pin: string,
  user: { pinEnabled: boolean; pin: { hash: string } | null },
): Promise<void> {
  if (!user.pinEnabled || !user.pin) throw new ApiError('invalid_credentials');
  const limit = await retryLimitOf(app, session.clientId);
  const claim = await claimPinAttempt(app.db, session.userId, limit);
  if (!claim.claimed) {
    return refuseFactorClaim(app, request, {
      userId: session.userId,
      limit,
      reason: claim.reason,
      credential: 'mpin',
    });
  }
  const stored = await app.db.prisma.pin.findUnique({
    where: { userId: session.userId },
    select: { hash: true },
  });
  if (stored && (await verifySecret(stored.hash, pin))) {
    refuseUnlessSettled(await settleRightPin(app.db, session.userId));
    return;
  }
  await answerWrongGuess(app, request, {
    userId: session.userId,
    limit,
    count: claim.count,
    credential: 'mpin',
    wrong: (retriesLeft) => new ApiError('invalid_pin', { retries_left: retriesLeft }),
  });
}
