import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/record-audit.js';
import { hashSecret, verifySecret } from '../credentials/argon2.js';
import { sha256 } from '../credentials/tokens.js';
import { ApiError } from '../http/api-error.js';
import { endSessionsWhere } from '../sessions/session-store.js';
import { assertResetCodeUsable } from './reset-code-state.js';
import { lockUserForReset } from './reset-token.js';

/**
 * forgot.update: sets the new password with a reset code. The code is spent by one conditional
 * UPDATE (unused, unexpired, belonging to the named user, whose account is not blocked), so the
 * same link used twice at once works once. The current password is refused (password_reused).
 * The account becomes active again with no failed attempts, every session of the user ends, and
 * the user's other open links stop working.
 */
export async function resetPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { code: string; username: string; password: string },
): Promise<void> {
  // Answer the precise code before paying for argon2id.
  const { userId } = await assertResetCodeUsable(app.db.prisma, input.code);
  const user = await app.db.prisma.user.findUnique({
    where: { id: userId },
    select: { username: true, passwordHash: true },
  });
  if (!user || user.username !== input.username.toLowerCase()) {
    throw new ApiError('forgot_invalid');
  }
  // The current password again is no reset (a locked-out or reset account would be as before):
  // refused, and the link stays usable. Both argon2id calls run at once on the thread pool.
  const [reused, passwordHash] = await Promise.all([
    verifySecret(user.passwordHash, input.password),
    hashSecret(input.password),
  ]);
  if (reused) throw new ApiError('password_reused');
  const tokenHash = sha256(input.code);

  await app.db.prisma.$transaction(async (tx) => {
    // Before the token: a link being issued meanwhile (storeResetToken) holds the same lock.
    await lockUserForReset(tx, userId);
    const spent = await tx.$queryRaw<{ id: string }[]>`
      UPDATE password_reset_tokens
         SET used_at = now()
       WHERE token_hash = ${tokenHash} AND user_id = ${userId}
         AND used_at IS NULL AND expires_at > now()
         AND NOT EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND status = 'blocked')
   RETURNING id`;
    const token = spent[0];
    if (!token) {
      // Someone else spent it, or a newer link or a block of the account expired it, between
      // the check and now (a block commits before the row lock above is granted).
      await assertResetCodeUsable(tx, input.code);
      throw new ApiError('forgot_used');
    }
    const now = new Date();
    await tx.user.update({
      where: { id: userId },
      data: {
        passwordHash,
        status: 'active',
        failedLoginCount: 0,
        lockedUntil: null,
        passwordChangedAt: now,
      },
    });
    // The reset lifts every lockout: the PIN's and the authenticator app's counts start again
    // with the password's (an app left at its limit would answer account_blocked for ever).
    await tx.pin.updateMany({
      where: { userId, failedCount: { gt: 0 } },
      data: { failedCount: 0 },
    });
    await tx.totpFactor.updateMany({
      where: { userId, failedCount: { gt: 0 } },
      data: { failedCount: 0 },
    });
    await tx.passwordResetToken.updateMany({
      where: { userId, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    const ended = await endSessionsWhere(tx, { userId }, 'password_reset');
    await recordAudit(tx, {
      action: 'password.reset',
      actorId: userId,
      target: userId,
      ip: request.ip,
      details: { token: token.id, sessionsEnded: ended },
    });
  });
}
