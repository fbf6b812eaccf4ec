import type { FastifyInstance } from 'fastify';
import type { UserStatus } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { spendPasswordTime } from '../credentials/account-password.js';
import { verifySecret } from '../credentials/argon2.js';
import type { AttemptClaim } from '../credentials/lockout.js';
import { lockedOutError, type LockOutcome, settleRightPassword } from '../credentials/lockout.js';
import { lockOutEndingSessions } from '../sessions/lock-out-ending-sessions.js';
import type { SummaryColumns, UserSummary } from '../sessions/user-summary.js';
import { SUMMARY_SELECT, summaryOf } from '../sessions/user-summary.js';

/** The account a sign-in is about, once the password matched. */
export interface SignInUser {
  id: string;
  username: string;
  email: string;
  status: UserStatus;
  /** Names and MFA flags for the login answer, read with the account (no second query). */
  summary: UserSummary;
}

export interface AccountRow extends SummaryColumns {
  id: string;
  username: string;
  status: UserStatus;
  password_hash: string;
  failed_login_count: number;
}

/**
 * An AccountRow per row of `users u`: the account a login names, with its summary (read with
 * the client: auth/sign-in-reads.ts).
 */
export const ACCOUNT_SELECT = `SELECT u.id, u.username, u.status::text AS status, u.password_hash,
         u.failed_login_count, ${SUMMARY_SELECT}
    FROM users u`;

/** Whether a login is an e-mail (else a username): the column the account is found by. */
export function loginIsEmail(login: string): boolean {
  return login.includes('@');
}

/** A refused password step: the answer, and what the attempt record and the audit need. */
export interface CredentialFailure {
  error: ApiError;
  userId: string | null;
  /** What this very attempt did to the account: blocked it (its sessions ended with the
   * block; audited as auth.account_blocked) or locked a platform administrator out
   * (auth.account_locked). */
  lockout: LockOutcome;
}

export type CredentialCheck = { ok: true; user: SignInUser } | ({ ok: false } & CredentialFailure);

/** login_attempts keeps at most this many characters of a username (sign-in-defence.ts). */
export const ATTEMPT_USERNAME_MAX = 64;

const failed = (retriesLeft: number) =>
  new ApiError('account_failed', { retries_left: retriesLeft });

/**
 * The password step of a sign-in (docs/sign-in.md, "Password and account state"):
 * - each guess claims an attempt before its hash is verified (credentials/lockout.ts): a blocked
 *   account, a platform administrator's timed lock (rate_limit_exceeded) and a count already at
 *   the limit refuse the claim, and the password is then hashed for the time only;
 * - a wrong password keeps its claim (account_failed with retries_left; the failure that
 *   reaches the limit blocks the account: account_blocked);
 * - awaiting_reset is told only after the right password;
 * - an unknown username costs the same hashing time and, unless REVEAL_ACCOUNT_STATE is on,
 *   walks the same account_failed ... account_blocked path as an account, counted from the
 *   recorded attempts against that name. With it on, the answer is user_not_found.
 */
export async function checkCredentials(
  app: FastifyInstance,
  login: string,
  password: string,
  retryLimit: number,
  /** The account `login` names (undefined: none), read by the caller. */
  user: AccountRow | undefined,
  /** The guess's claim on that account, made by the caller's read (sign-in-reads.ts). */
  claim: AttemptClaim | null,
): Promise<CredentialCheck> {
  if (!user) {
    await spendPasswordTime(password);
    if (app.config.REVEAL_ACCOUNT_STATE) {
      return { ok: false, error: new ApiError('user_not_found'), userId: null, lockout: 'none' };
    }
    return {
      ok: false,
      error: await unknownUserAnswer(app, login, retryLimit),
      userId: null,
      lockout: 'none',
    };
  }
  // The guess was claimed before its hash is verified (credentials/lockout.ts), so a burst of
  // parallel guesses verifies at most retryLimit of them.
  if (!claim) throw new Error('checkCredentials: an account was read without its claim');
  if (!claim.claimed) {
    // Never tested: the hash is spent for the time only, so a lockout cannot be used to guess.
    await spendPasswordTime(password);
    return { ok: false, error: lockedOutError(claim.reason), userId: user.id, lockout: 'none' };
  }
  if (!(await verifySecret(user.password_hash, password))) {
    const outcome =
      claim.count >= retryLimit
        ? await lockOutEndingSessions(app.db, {
            userId: user.id,
            limit: retryLimit,
            count: 'password',
          })
        : 'none';
    if (outcome === 'locked') {
      return { ok: false, error: lockedOutError('locked'), userId: user.id, lockout: 'locked' };
    }
    const error =
      outcome === 'blocked' || claim.count >= retryLimit
        ? new ApiError('account_blocked')
        : failed(retryLimit - claim.count);
    return { ok: false, error, userId: user.id, lockout: outcome };
  }
  // Right, but a parallel guess may have blocked the account meanwhile: nothing succeeds then.
  // The claim is given back (the count back to 0, if the account is still usable) with the
  // session's writes, in one statement (sessions/start-session.ts); a sign-in that stops
  // before them gives it back first (settleRightPassword), as here.
  if (user.status === 'awaiting_reset') {
    const settled = await settleRightPassword(app.db, user.id);
    if (settled !== 'ok') {
      return { ok: false, error: lockedOutError(settled), userId: user.id, lockout: 'none' };
    }
    return {
      ok: false,
      error: new ApiError('account_awaiting_reset'),
      userId: user.id,
      lockout: 'none',
    };
  }
  return {
    ok: true,
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      status: user.status,
      summary: summaryOf(user, app.config.PUBLIC_URL),
    },
  };
}

/**
 * What an unknown username answers by default: the answer an account would give after the same
 * failed attempts (recorded in login_attempts with no user), so probing cannot tell them apart.
 * Once the count reaches the limit the name answers account_blocked for good, as an account
 * stays blocked until an administrator's reset.
 */
async function unknownUserAnswer(
  app: FastifyInstance,
  login: string,
  retryLimit: number,
): Promise<ApiError> {
  const rows = await app.db.prisma.$queryRaw<{ failures: bigint; blocked: boolean | null }[]>`
    SELECT count(*) AS failures, bool_or(reason = 'account_blocked') AS blocked
      FROM login_attempts
     WHERE username = ${login.slice(0, ATTEMPT_USERNAME_MAX)} AND user_id IS NULL AND NOT success
       AND reason IN ('account_failed', 'account_blocked', 'user_not_found')`;
  const previous = Number(rows[0]?.failures ?? 0);
  const retriesLeft = retryLimit - (previous + 1);
  if (rows[0]?.blocked || retriesLeft <= 0) return new ApiError('account_blocked');
  return failed(retriesLeft);
}
