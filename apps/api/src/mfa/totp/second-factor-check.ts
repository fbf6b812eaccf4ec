import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import {
  claimFactorAttempt,
  refuseUnlessSettled,
  settleRightFactor,
} from '../../credentials/lockout.js';
import type { SessionContext } from '../../sessions/session-guard.js';
import { answerWrongGuess, refuseFactorClaim, retryLimitOf } from '../account-checks.js';
import { spendRecoveryCode } from './recovery-codes.js';
import { matchingStep } from './totp-codes.js';
import { unsealTotpSecret } from './totp-secret.js';

/**
 * Re-authentication (and the sign-in confirmation) by an authenticator code or a recovery
 * code. Only an app in use counts (otherwise invalid_credentials). Each guess is claimed
 * against totp_factors.failed_count before it is checked (credentials/lockout.ts), with the
 * PIN's rules: the client's login_retry_limit, and reaching it blocks the account. A right
 * code resets the count.
 *
 * A code is accepted once: its time step must come after the last accepted one, set in the same
 * conditional UPDATE, so a code seen over a shoulder (or sent twice at once) is refused as a
 * wrong guess. A recovery code is spent in one conditional UPDATE: of parallel uses, one wins.
 */
export async function checkSecondFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  session: SessionContext,
  credential: { type: 'totp' | 'recovery'; value: string },
): Promise<void> {
  const { userId } = session;
  const factor = await app.db.prisma.totpFactor.findUnique({
    where: { userId },
    select: { secretSealed: true },
  });
  if (!factor?.secretSealed) throw new ApiError('invalid_credentials');
  const limit = await retryLimitOf(app, session.clientId);
  const claim = await claimFactorAttempt(app.db, userId, limit, 'totp_factors');
  if (!claim.claimed) {
    return refuseFactorClaim(app, request, {
      userId,
      limit,
      reason: claim.reason,
      credential: 'totp',
    });
  }

  const right =
    credential.type === 'totp'
      ? await acceptTotp(app, userId, factor.secretSealed, credential.value)
      : await spendRecoveryCode(app.db.prisma, userId, credential.value);
  if (right) {
    refuseUnlessSettled(await settleRightFactor(app.db, userId, 'totp_factors'));
    return;
  }
  await answerWrongGuess(app, request, {
    userId,
    limit,
    count: claim.count,
    credential: 'totp',
    wrong: (retriesLeft) =>
      credential.type === 'totp'
        ? new ApiError('invalid_totp', { retries_left: retriesLeft })
        : new ApiError('invalid_recovery_code', { retries_left: retriesLeft }),
  });
}

async function acceptTotp(
  app: FastifyInstance,
  userId: string,
  sealed: string,
  code: string,
): Promise<boolean> {
  const step = await matchingStep(unsealTotpSecret(app.config, sealed), code);
  if (step === null) return false;
  const accepted = await app.db.prisma.totpFactor.updateMany({
    where: {
      userId,
      secretSealed: sealed,
      OR: [{ lastStep: null }, { lastStep: { lt: BigInt(step) } }],
    },
    data: { lastStep: BigInt(step) },
  });
  return accepted.count === 1;
}
