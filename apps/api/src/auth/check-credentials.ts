import type { FastifyInstance } from 'fastify';
import type { UserStatus } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { checkAccountPassword, spendPasswordTime } from '../credentials/account-password.js';
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
  /** True when this very attempt blocked the account (audited as auth.account_blocked). */
  blockedNow: boolean;
}

export type CredentialCheck = { ok: true; user: SignInUser } | ({ ok: false } & CredentialFailure);

/** login_attempts keeps at most this many characters of a username (sign-in-defence.ts). */
export const ATTEMPT_USERNAME_MAX = 64;

const failed = (retriesLeft: number) =>
  new ApiError('account_failed', { retries_left: retriesLeft });

/**
 * The password step of a sign-in (docs/sign-in.md, "Password and account state"):
 * - a blocked account is never tested: the password is hashed for the time only and the answer
 *   is account_blocked, so a lockout cannot be used to keep guessing;
 * - otherwise the password is checked with atomic failure counting (account_failed with
 *   retries_left; the failure that reaches the limit blocks the account: account_blocked);
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
): Promise<CredentialCheck> {
  if (!user) {
    await spendPasswordTime(password);
    if (app.config.REVEAL_ACCOUNT_STATE) {
      return { ok: false, error: new ApiError('user_not_found'), userId: null, blockedNow: false };
    }
    return {
      ok: false,
      error: await unknownUserAnswer(app, login, retryLimit),
      userId: null,
      blockedNow: false,
    };
  }
  const locked =
    user.status === 'blocked' ||
    (user.status === 'awaiting_reset' && user.failed_login_count >= retryLimit);
  if (locked) {
    await spendPasswordTime(password);
    return {
      ok: false,
      error: new ApiError('account_blocked'),
      userId: user.id,
      blockedNow: false,
    };
  }
  const check = await checkAccountPassword(
    app.db,
    { id: user.id, passwordHash: user.password_hash, failedLoginCount: user.failed_login_count },
    password,
    retryLimit,
  );
  if (!check.ok) {
    const error =
      check.blocked || check.retriesLeft === 0
        ? new ApiError('account_blocked')
        : failed(check.retriesLeft);
    return { ok: false, error, userId: user.id, blockedNow: check.blocked };
  }
  if (user.status === 'awaiting_reset') {
    return {
      ok: false,
      error: new ApiError('account_awaiting_reset'),
      userId: user.id,
      blockedNow: false,
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
