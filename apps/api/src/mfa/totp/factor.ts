import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../../audit/record-audit.js';
import { ApiError } from '../../http/api-error.js';
import { sessionOf } from '../../sessions/session-guard.js';
import { confirmAccountPassword, invalidCredentials, retryLimitOf } from '../account-checks.js';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.js';
import { matchingStep, newTotpSecret, totpUri } from './totp-codes.js';
import { sealTotpSecret, unsealTotpSecret } from './totp-secret.js';

/**
 * Setting up, confirming, replacing and turning off an authenticator app, and its recovery
 * codes (docs/mfa.md). Every change but the confirmation needs the account password (the
 * dialog of the other MFA settings); the confirmation needs a first right code of the new app,
 * with a limited number of tries per set-up.
 */

export async function totpStatus(app: FastifyInstance, request: FastifyRequest) {
  const { userId } = sessionOf(request);
  const factor = await app.db.prisma.totpFactor.findUnique({
    where: { userId },
    select: { secretSealed: true },
  });
  const enabled = Boolean(factor?.secretSealed);
  return {
    enabled,
    recovery_codes_left: enabled ? await recoveryCodesLeft(app.db.prisma, userId) : 0,
  };
}

/** A new secret, pending until confirmed: an app in use keeps working until then. */
export async function startTotpSetup(
  app: FastifyInstance,
  request: FastifyRequest,
  password: string,
): Promise<{ secret: string; uri: string }> {
  const session = sessionOf(request);
  await confirmAccountPassword(app, request, session, password, invalidCredentials);
  const user = await app.db.prisma.user.findUniqueOrThrow({
    where: { id: session.userId },
    select: { username: true },
  });
  const secret = await newTotpSecret();
  const pendingSealed = sealTotpSecret(app.config, secret);
  await app.db.prisma.$transaction(async (tx) => {
    await tx.totpFactor.upsert({
      where: { userId: session.userId },
      // A new set-up: its confirmation codes start a fresh count (confirmTotp).
      create: { userId: session.userId, pendingSealed },
      update: { pendingSealed, pendingFailedCount: 0 },
    });
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'mfa.totp.setup',
      target: session.userId,
    });
  });
  return { secret, uri: await totpUri(secret, user.username) };
}

/** One confirmation code claimed against the pending set-up (see confirmTotp). */
interface ConfirmationClaim {
  pending_sealed: string;
  count: number;
  replacing: boolean;
}

/**
 * The first right code of the pending app makes it the app in use (replacing any other) and
 * answers ten new recovery codes, once.
 *
 * Wrong codes are capped per set-up: whoever holds a session (not necessarily the password)
 * could otherwise guess the code of a set-up its owner started and left, from as many addresses
 * as the per-IP limit allows, and take over the second factor with the recovery codes. So each
 * code is claimed before it is checked, in one conditional UPDATE of
 * `totp_factors.pending_failed_count`, only while the count is under the session client's
 * login_retry_limit (the limit of the app's codes at sign-in): of any number of parallel codes,
 * at most that many are checked. A wrong code answers invalid_totp; the wrong one that reaches
 * the limit discards the set-up (pending_sealed cleared, audited `mfa.totp.discard`) and
 * answers totp_not_set_up, as does every confirmation after it, the right code included. The
 * owner starts again with the password (startTotpSetup, a fresh count). The app in use, its
 * recovery codes and its own failed_count (the sign-in's) are left as they are.
 */
export async function confirmTotp(
  app: FastifyInstance,
  request: FastifyRequest,
  code: string,
): Promise<{ recovery_codes: string[] }> {
  const session = sessionOf(request);
  const limit = await retryLimitOf(app, session.clientId);
  const [claim] = await app.db.query<ConfirmationClaim>(
    'portico_claim_totp_confirmation',
    `UPDATE totp_factors
        SET pending_failed_count = pending_failed_count + 1, updated_at = now()
      WHERE user_id = $1 AND pending_sealed IS NOT NULL AND pending_failed_count < $2
  RETURNING pending_sealed, pending_failed_count AS count, secret_sealed IS NOT NULL AS replacing`,
    [session.userId, limit],
  );
  if (!claim) throw new ApiError('totp_not_set_up');
  const pendingSealed = claim.pending_sealed;
  const step = await matchingStep(unsealTotpSecret(app.config, pendingSealed), code);
  if (step === null) {
    if (Number(claim.count) < limit) {
      throw new ApiError('invalid_totp', 'The code does not match the new app.');
    }
    await discardPendingSetup(app, request, session.userId, pendingSealed, limit);
    throw new ApiError('totp_not_set_up');
  }
  return app.db.prisma.$transaction(async (tx) => {
    // Only the secret that was checked: a set-up started again (or discarded) meanwhile has
    // another one, or none.
    const confirmed = await tx.totpFactor.updateMany({
      where: { userId: session.userId, pendingSealed },
      data: {
        secretSealed: pendingSealed,
        pendingSealed: null,
        pendingFailedCount: 0,
        confirmedAt: new Date(),
        lastStep: BigInt(step),
        failedCount: 0,
      },
    });
    if (confirmed.count === 0) throw new ApiError('totp_not_set_up');
    const codes = await replaceRecoveryCodes(tx, session.userId);
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'mfa.totp.enable',
      target: session.userId,
      details: { replaced: claim.replacing },
    });
    return { recovery_codes: codes };
  });
}

/** The set-up whose wrong codes reached the limit can no longer be confirmed. */
async function discardPendingSetup(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  pendingSealed: string,
  limit: number,
): Promise<void> {
  await app.db.prisma.$transaction(async (tx) => {
    // Only the set-up that was guessed at: one started again meanwhile stays.
    const discarded = await tx.totpFactor.updateMany({
      where: { userId, pendingSealed },
      data: { pendingSealed: null },
    });
    if (discarded.count === 0) return;
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'mfa.totp.discard',
      target: userId,
      details: { reason: 'too_many_wrong_codes', wrong_codes: limit },
    });
  });
}

export async function disableTotp(
  app: FastifyInstance,
  request: FastifyRequest,
  password: string,
): Promise<string> {
  const session = sessionOf(request);
  await confirmAccountPassword(app, request, session, password, invalidCredentials);
  await app.db.prisma.$transaction(async (tx) => {
    const removed = await tx.totpFactor.deleteMany({
      where: { userId: session.userId, secretSealed: { not: null } },
    });
    if (removed.count === 0) throw new ApiError('totp_not_set_up');
    await tx.recoveryCode.deleteMany({ where: { userId: session.userId } });
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'mfa.totp.disable',
      target: session.userId,
    });
  });
  return 'Authenticator app turned off';
}

export async function regenerateRecoveryCodes(
  app: FastifyInstance,
  request: FastifyRequest,
  password: string,
): Promise<{ recovery_codes: string[] }> {
  const session = sessionOf(request);
  await confirmAccountPassword(app, request, session, password, invalidCredentials);
  return app.db.prisma.$transaction(async (tx) => {
    // The app's row is locked until the new codes are in: a regeneration, a confirmation or
    // turning the app off at the same time waits, then sees these codes (and deletes them), so
    // two regenerations cannot leave both sets, nor one racing `disable` leave codes behind.
    const [factor] = await tx.$queryRaw<{ app_in_use: boolean }[]>`
      SELECT secret_sealed IS NOT NULL AS app_in_use FROM totp_factors
       WHERE user_id = ${session.userId} FOR UPDATE`;
    if (!factor?.app_in_use) throw new ApiError('totp_not_set_up');
    const codes = await replaceRecoveryCodes(tx, session.userId);
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'mfa.recovery.regenerate',
      target: session.userId,
    });
    return { recovery_codes: codes };
  });
}
