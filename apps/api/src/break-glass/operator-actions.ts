import type { Database } from '../db.js';
import { recordAudit } from '../audit/record-audit.js';
import { storeResetToken, RESET_TTL_MINUTES } from '../password/reset-token.js';
import { endSessionsWhere } from '../sessions/session-store.js';

/**
 * The operator's break-glass actions (docs/operations.md, "Break glass"): run on the server's
 * own database from a shell, for when no administrator can sign in to do them, the platform
 * administrator included. Each is audited with no actor and `via: 'cli'`.
 */

export class UnknownAccountError extends Error {
  constructor(username: string) {
    super(`no account is named ${username}`);
  }
}

async function accountNamed(db: Database, username: string) {
  const user = await db.prisma.user.findUnique({
    where: { username: username.toLowerCase() },
    select: { id: true, username: true, status: true },
  });
  if (!user) throw new UnknownAccountError(username);
  return user;
}

/**
 * Lifts every lockout of the account: a block by wrong passwords, PINs or authenticator codes,
 * a platform administrator's timed lock, and every failure count (password, MPIN, app). An
 * account awaiting a reset stays so (its password is not trusted; admin:reset-password gives
 * it a link).
 */
export async function unlockAccount(
  db: Database,
  username: string,
): Promise<{ username: string; status: string }> {
  const user = await accountNamed(db, username);
  return db.prisma.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: user.id },
      data: {
        status: user.status === 'blocked' ? 'active' : user.status,
        failedLoginCount: 0,
        lockedUntil: null,
      },
      select: { username: true, status: true },
    });
    await tx.pin.updateMany({ where: { userId: user.id }, data: { failedCount: 0 } });
    await tx.totpFactor.updateMany({ where: { userId: user.id }, data: { failedCount: 0 } });
    await recordAudit(tx, {
      action: 'account.unlocked',
      actorId: null,
      target: user.id,
      details: { via: 'cli', previousStatus: user.status },
    });
    return updated;
  });
}

/**
 * Starts a password reset as users.resetPassword does (the account awaits the reset and every
 * session of it ends) and answers the one-time link for the operator to hand over, instead of
 * mailing it: the mail may be what is broken, or the mailbox what was lost.
 */
export async function resetPasswordByOperator(
  db: Database,
  username: string,
  publicUrl: string,
): Promise<{ link: string; validMinutes: number }> {
  const user = await accountNamed(db, username);
  const link = await db.prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { status: 'awaiting_reset' } });
    const ended = await endSessionsWhere(tx, { userId: user.id }, 'password_reset');
    await recordAudit(tx, {
      action: 'user.password.reset',
      actorId: null,
      target: user.id,
      details: { username: user.username, via: 'cli', sessionsEnded: ended },
    });
    return storeResetToken(tx, publicUrl, { user, reason: 'admin', requestedById: null });
  });
  return { link, validMinutes: RESET_TTL_MINUTES };
}
