import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserStatus } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { checkAccountPassword } from '../credentials/account-password.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { endSessionsWhere } from '../sessions/session-store.js';
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

/**
 * After a failure blocked the account: a blocked account keeps no live session anywhere, so
 * every session of the user ends (this one too), with the block in the audit trail.
 */
export async function signOutBlockedAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  credential: 'password' | 'mpin',
): Promise<void> {
  await app.db.prisma.$transaction(async (tx) => {
    await endSessionsWhere(tx, { userId }, 'revoked');
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'account.blocked',
      target: userId,
      details: { credential },
    });
  });
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
  const check = await checkAccountPassword(app.db, user, password, limit);
  if (check.ok) return;
  if (check.blocked) {
    await signOutBlockedAccount(app, request, user.id, 'password');
    throw new ApiError('account_blocked');
  }
  throw wrong(check.retriesLeft);
}

/** The refusal of the confirmation dialogs: no count is shown there. */
export const invalidCredentials = () => new ApiError('invalid_credentials');
