import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRIVIAL_PIN_MESSAGE, isTrivialPin } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { hashSecret } from '../credentials/argon2.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { sessionOf } from '../sessions/session-guard.js';
import { confirmAccountPassword, invalidCredentials } from './account-checks.js';
import { lockAccountForChange } from './account-lock.js';

/**
 * Sets or changes the MPIN after the account password. A trivial PIN is refused before the
 * password is checked (no attempt spent). The PIN is stored as argon2id only, and a new PIN
 * starts with no failed attempts.
 */
export async function setPin(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { pin: string; password: string },
): Promise<string> {
  const session = sessionOf(request);
  if (isTrivialPin(body.pin)) {
    throw new ApiError('incomplete_param', { fields: { pin: TRIVIAL_PIN_MESSAGE } });
  }
  await confirmAccountPassword(app, request, session, body.password, invalidCredentials);
  const hash = await hashSecret(body.pin);
  await app.db.prisma.$transaction(async (tx) => {
    // Not after a reset or block that landed while the PIN was hashed (account-lock.ts).
    await lockAccountForChange(tx, session);
    const previous = await tx.pin.findUnique({
      where: { userId: session.userId },
      select: { userId: true },
    });
    await tx.pin.upsert({
      where: { userId: session.userId },
      create: { userId: session.userId, hash },
      update: { hash, failedCount: 0 },
    });
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'mfa.pin_set',
      target: session.userId,
      details: { replaced: previous !== null },
    });
  });
  return 'MPIN set';
}
