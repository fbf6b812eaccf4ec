import type { FastifyInstance } from 'fastify';
import type { SuccessfulAttempt } from '../abuse/sign-in-defence.js';
import { recordSignInAttempt, successfulAttemptRow } from '../abuse/sign-in-defence.js';
import { recordAudit } from '../audit/record-audit.js';
import type { ApiError } from '../http/api-error.js';
import type { LockOutcome } from '../credentials/lockout.js';
import type { SignInClient } from '../gates/sign-in-client.js';
import { ATTEMPT_USERNAME_MAX } from './check-credentials.js';

/** Who tried to sign in, as far as the sign-in got before it was answered. */
export interface AttemptContext {
  ip: string;
  /** The username (or e-mail) tried, lowercased. */
  login: string;
  /** Known once the client gate passed (a client id that does not exist is not recorded). */
  client: SignInClient | null;
  userId: string | null;
}

/** A failed attempt: audited (auth.sign_in_failed, and auth.account_blocked or
 * auth.account_locked when it locked the account out) and recorded for the brute-force defence, which may answer
 * credential_stuffing_detected instead (it throws). */
export async function recordFailedAttempt(
  app: FastifyInstance,
  attempt: AttemptContext,
  error: ApiError,
  lockout: LockOutcome = 'none',
): Promise<void> {
  const common = {
    actorId: attempt.userId,
    clientId: attempt.client?.id ?? null,
    ip: attempt.ip,
    target: attempt.userId ?? attempt.login.slice(0, ATTEMPT_USERNAME_MAX),
  };
  // device_add is a step, not a failure: the code's issue is audited with it (device.code_sent).
  if (error.code !== 'device_add') {
    await app.db.prisma.$transaction(async (tx) => {
      await recordAudit(tx, {
        ...common,
        action: 'auth.sign_in_failed',
        details: { reason: error.code, login: attempt.login.slice(0, ATTEMPT_USERNAME_MAX) },
      });
      if (lockout === 'blocked' && attempt.userId) {
        // Its sessions ended with the block itself (sessions/lock-out-ending-sessions.ts).
        await recordAudit(tx, { ...common, action: 'auth.account_blocked' });
      }
      if (lockout === 'locked') await recordAudit(tx, { ...common, action: 'auth.account_locked' });
    });
  }
  await recordSignInAttempt(app, {
    ip: attempt.ip,
    username: attempt.login,
    userId: attempt.userId,
    clientId: attempt.client?.id ?? null,
    appId: attempt.client?.appId ?? null,
    success: false,
    reason: error.code,
  });
}

/**
 * A successful attempt's row, which the sign-in writes with its session and its audit event
 * auth.sign_in (signed-in-session.ts), in one statement.
 */
export function successfulAttemptOf(attempt: AttemptContext): SuccessfulAttempt {
  return successfulAttemptRow(attempt.ip, attempt.login);
}
