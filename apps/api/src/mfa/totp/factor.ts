import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../../audit/record-audit.js';
import { ApiError } from '../../http/api-error.js';
import { sessionOf } from '../../sessions/session-guard.js';
import { confirmAccountPassword, invalidCredentials } from '../account-checks.js';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.js';
import { matchingStep, newTotpSecret, totpUri } from './totp-codes.js';
import { sealTotpSecret, unsealTotpSecret } from './totp-secret.js';

/**
 * Setting up, confirming, replacing and turning off an authenticator app, and its recovery
 * codes (docs/mfa.md). Every change but the confirmation needs the account password (the
 * dialog of the other MFA settings); the confirmation needs a first right code of the new app.
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
      create: { userId: session.userId, pendingSealed },
      update: { pendingSealed },
    });
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'mfa.totp.setup',
      target: session.userId,
    });
  });
  return { secret, uri: await totpUri(secret, user.username) };
}

/**
 * The first right code of the pending app makes it the app in use (replacing any other) and
 * answers ten new recovery codes, once. A wrong code changes nothing and spends no attempt:
 * whoever holds the session already holds the new secret.
 */
export async function confirmTotp(
  app: FastifyInstance,
  request: FastifyRequest,
  code: string,
): Promise<{ recovery_codes: string[] }> {
  const session = sessionOf(request);
  const factor = await app.db.prisma.totpFactor.findUnique({
    where: { userId: session.userId },
    select: { pendingSealed: true, secretSealed: true },
  });
  if (!factor?.pendingSealed) throw new ApiError('totp_not_set_up');
  const step = await matchingStep(unsealTotpSecret(app.config, factor.pendingSealed), code);
  if (step === null) throw new ApiError('invalid_totp', 'The code does not match the new app.');
  return app.db.prisma.$transaction(async (tx) => {
    // Only the secret that was checked: a set-up started again meanwhile has another one.
    const confirmed = await tx.totpFactor.updateMany({
      where: { userId: session.userId, pendingSealed: factor.pendingSealed },
      data: {
        secretSealed: factor.pendingSealed,
        pendingSealed: null,
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
      details: { replaced: factor.secretSealed !== null },
    });
    return { recovery_codes: codes };
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
    const factor = await tx.totpFactor.findUnique({
      where: { userId: session.userId },
      select: { secretSealed: true },
    });
    if (!factor?.secretSealed) throw new ApiError('totp_not_set_up');
    const codes = await replaceRecoveryCodes(tx, session.userId);
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'mfa.recovery.regenerate',
      target: session.userId,
    });
    return { recovery_codes: codes };
  });
}
