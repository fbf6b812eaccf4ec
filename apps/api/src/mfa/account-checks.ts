import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserStatus } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { verifySecret } from '../credentials/argon2.js';
import {
  claimPasswordAttempt,
  lockedOutError,
  type LockOutcome,
  refuseUnlessSettled,
  settleRightPassword,
} from '../credentials/lockout.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { lockOutEndingSessions } from '../sessions/lock-out-ending-sessions.js';
import type { SessionContext } from '../sessions/session-guard.js';

/**
 * What every credential check of this folder shares: the account must be usable, failures
 * count against the session client's login_retry_limit, and reaching it blocks the account.
 */

/** A blocked account answers account_blocked, one awaiting a reset account_awaiting_reset. */
export function assertAccountUsable(status: UserStatus): void {
  if (status === 'blocked') throw new ApiError('account_blocked');
  if (status === 'awaiting_reset') throw new ApiError('account_awaiting_reset');
}

/** The retry limit of the client the session was opened for. */
export async function retryLimitOf(app: FastifyInstance, clientId: string): Promise<number> {
  const client = await app.db.prisma.client.findUniqueOrThrow({
    where: { id: clientId },
    select: { loginRetryLimit: true },
  });
  return client.loginRetryLimit;
}

/** Which failure count each credential's guesses go to (credentials/lockout.ts). */
const COUNT_OF = { password: 'password', mpin: 'pins', totp: 'totp_factors' } as const;

/**
 * After a failure that spent the count: lockOutIfSpent (credentials/lockout.ts), and when it
 * blocks the account, the end of every session of the user (this one too) and the block in the
 * audit trail, all in one transaction (a blocked account keeps no live session anywhere).
 */
function lockOut(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  limit: number,
  credential: 'password' | 'mpin' | 'totp',
): Promise<LockOutcome> {
  return lockOutEndingSessions(app.db, { userId, limit, count: COUNT_OF[credential] }, (tx) =>
    recordAudit(tx, {
      ...auditContext(request),
      action: 'account.blocked',
      target: userId,
      details: { credential },
    }),
  );
}

/**
 * The password-confirmation dialog (MFA toggles, MPIN, passkey setup) and re-authentication by
 * password: checks the account password, counting a wrong one. `wrong` builds the refusal of a
 * wrong password that did not block the account.
 */
export async function confirmAccountPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  session: SessionContext,
  password: string,
  wrong: (retriesLeft: number) => ApiError,
): Promise<void> {
  const user = await app.db.prisma.user.findUniqueOrThrow({
    where: { id: session.userId },
    select: { id: true, passwordHash: true, status: true },
  });
  assertAccountUsable(user.status);
  const limit = await retryLimitOf(app, session.clientId);
  // Claimed before the hash (credentials/lockout.ts): parallel guesses cannot pass the limit.
  const claim = await claimPasswordAttempt(app.db, user.id, limit);
  if (!claim.claimed) throw lockedOutError(claim.reason);
  if (await verifySecret(user.passwordHash, password)) {
    refuseUnlessSettled(await settleRightPassword(app.db, user.id));
    return;
  }
  await answerWrongGuess(app, request, {
    userId: user.id,
    limit,
    count: claim.count,
    credential: 'password',
    wrong,
  });
}

/**
 * A wrong password, MPIN or authenticator code whose claim was the count's `count`-th: the account is locked out
 * when the limit is reached (a block signs every session out), else `wrong` answers with the
 * retries left.
 */
export async function answerWrongGuess(
  app: FastifyInstance,
  request: FastifyRequest,
  guess: {
    userId: string;
    limit: number;
    count: number;
    credential: 'password' | 'mpin' | 'totp';
    wrong: (retriesLeft: number) => ApiError;
  },
): Promise<never> {
  const outcome =
    guess.count >= guess.limit
      ? await lockOut(app, request, guess.userId, guess.limit, guess.credential)
      : 'none';
  if (outcome === 'locked') throw lockedOutError('locked');
  if (outcome === 'blocked' || guess.count >= guess.limit) throw new ApiError('account_blocked');
  throw guess.wrong(guess.limit - guess.count);
}

/**
 * A second factor's guess the lockout refused without checking it. When the account is still
 * active, the factor's count reached this client's limit through another client whose
 * login_retry_limit is higher (the count is the account's, the limit the session client's).
 * Reaching the limit blocks the account, so it is blocked now (every session ends) and the
 * answer account_blocked is true; otherwise it would say blocked of an active account whose
 * sign-in confirmation no longer accepts the factor.
 */
export async function refuseFactorClaim(
  app: FastifyInstance,
  request: FastifyRequest,
  refused: {
    userId: string;
    limit: number;
    reason: 'blocked' | 'locked';
    credential: 'mpin' | 'totp';
  },
): Promise<never> {
  if (refused.reason === 'locked') throw lockedOutError('locked');
  const outcome = await lockOut(app, request, refused.userId, refused.limit, refused.credential);
  throw lockedOutError(outcome === 'locked' ? 'locked' : 'blocked');
}

/** The refusal of the confirmation dialogs: no count is shown there. */
export const invalidCredentials = () => new ApiError('invalid_credentials');
