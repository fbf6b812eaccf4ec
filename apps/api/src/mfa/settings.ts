import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { calls } from '@portico/contracts';
import { MFA_MESSAGES } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { sessionOf } from '../sessions/session-guard.js';
import { loadUserSummary } from '../sessions/user-summary.js';
import {
  assertAccountUsable,
  confirmAccountPassword,
  invalidCredentials,
} from './account-checks.js';
import { lockAccountForChange } from './account-lock.js';

type MfaSettings = z.input<typeof calls.mfa.settings.answer>;
type MfaFlags = z.input<typeof calls.mfa.updateSettings.answer>;
type UpdateBody = z.output<NonNullable<typeof calls.mfa.updateSettings.body>>;

async function loadFlags(app: FastifyInstance, userId: string) {
  const summary = await loadUserSummary(app.db, userId, app.config.PUBLIC_URL);
  const flags: MfaFlags = {
    is_pin_enabled: summary.is_pin_enabled,
    is_biometrics_enabled: summary.is_biometrics_enabled,
    is_passkey_enabled: summary.is_passkey_enabled,
    has_pin_setup: summary.has_pin_setup,
    has_passkey_setup: summary.has_passkey_setup,
    has_totp_setup: summary.has_totp_setup,
  };
  return { flags, summary };
}

/** The MFA flags; an idle session also gets the name and avatar its dialog shows. */
export async function readMfaSettings(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<MfaSettings> {
  const session = sessionOf(request);
  const { flags, summary } = await loadFlags(app, session.userId);
  return session.idle ? { ...flags, dis: summary.dis, avatar: summary.avatar } : flags;
}

/**
 * Turns PIN or passkey sign-in on or off, after the account password. A method can only be
 * turned on once it is set up (an MPIN set, a passkey added): an enabled method must always be
 * usable, since the sign-in confirmation then requires it. Refused before the password is
 * checked, so such a request costs no attempt.
 */
export async function updateMfaSettings(
  app: FastifyInstance,
  request: FastifyRequest,
  body: UpdateBody,
): Promise<MfaFlags> {
  const session = sessionOf(request);
  const user = await app.db.prisma.user.findUniqueOrThrow({
    where: { id: session.userId },
    select: {
      status: true,
      pin: { select: { userId: true } },
      _count: { select: { passkeys: true } },
    },
  });
  assertAccountUsable(user.status);
  if (body.enable_pin === true && user.pin === null) {
    throw new ApiError('incomplete_param', MFA_MESSAGES.pinNotSetUp);
  }
  if (body.enable_passkey === true && user._count.passkeys === 0) {
    throw new ApiError('incomplete_param', MFA_MESSAGES.passkeyNotSetUp);
  }
  await confirmAccountPassword(app, request, session, body.password, invalidCredentials);

  const changes = {
    ...(body.enable_pin === undefined ? {} : { pinEnabled: body.enable_pin }),
    ...(body.enable_passkey === undefined ? {} : { passkeyEnabled: body.enable_passkey }),
  };
  await app.db.prisma.$transaction(async (tx) => {
    // Not after a reset or block that landed while the password was checked (account-lock.ts).
    await lockAccountForChange(tx, session);
    await tx.user.update({ where: { id: session.userId }, data: changes });
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'mfa.settings_update',
      target: session.userId,
      details: {
        ...(body.enable_pin === undefined ? {} : { enable_pin: body.enable_pin }),
        ...(body.enable_passkey === undefined ? {} : { enable_passkey: body.enable_passkey }),
      },
    });
  });
  return (await loadFlags(app, session.userId)).flags;
}
