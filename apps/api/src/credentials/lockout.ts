import {
  COMPANY_ADMIN_ROLES,
  LOGIN_LOCKOUT_MINUTES,
  PLATFORM_COMPANY_ID,
} from '@portico/contracts';
import type { Database } from '../db.js';
import { ApiError } from '../http/api-error.js';

/**
 * The account lockout, safe under parallel guesses (docs/security.md, "Lockout").
 *
 * A guess is *claimed* before its hash is verified: one conditional UPDATE adds it to the
 * account's failure count only while the count is under the client's login_retry_limit and the
 * account is neither blocked nor locked. So however many guesses arrive at once, at most
 * login_retry_limit of them are ever verified against the account's hash; the rest are refused
 * without touching it. A right guess gives its claim back (the count returns to 0) only if the
 * account is still usable at that moment, so nothing succeeds once a parallel guess blocked it.
 *
 * Reaching the limit blocks an account until an administrator resets it, except a platform
 * administrator's, which is locked for LOGIN_LOCKOUT_MINUTES instead: blocking the account that
 * resets everyone else's would lock the platform out for good.
 */

/**
 * Each statement is a named prepared one (planned once per pooled connection). The password
 * sign-in makes its claim inside its first read (auth/sign-in-reads.ts, with passwordClaimSql)
 * and its settlement inside the session's statement (sessions/start-session.ts); the other
 * checks use the functions below. Inside an open transaction they run on it (Database.query).
 */
type Sql = Pick<Database, 'query'>;

/** What a claim found: `claimed` with the guess's number, or why it was refused. */
export type AttemptClaim =
  { claimed: true; count: number } | { claimed: false; reason: 'blocked' | 'locked' };

/** SQL: whether user `u` is a platform administrator (an admin role in the platform company). */
const PLATFORM_ADMIN_OF_U = `EXISTS (
    SELECT 1 FROM access a JOIN access_roles r ON r.access_id = a.id
     WHERE a.user_id = u.id AND a.company_id = '${PLATFORM_COMPANY_ID}' AND a.status = 'verified'
       AND r.app_id || '.' || r.role_id IN (${COMPANY_ADMIN_ROLES.map((role) => `'${role}'`).join(', ')}))`;

/** SQL: the account is not under a platform administrator's timed lock. */
const USABLE = `(locked_until IS NULL OR locked_until <= now())`;

/**
 * SQL, after a claim CTE: whether a refused claim of user `userId` (SQL) answers as a timed
 * lock. It does while the lock runs, and for a platform administrator whose count is full of
 * guesses still in flight (the lock they are about to set); a blocked account answers as
 * blocked.
 */
export function refusedAsLockedSql(userId: string): string {
  return `CASE WHEN EXISTS (SELECT 1 FROM claim) THEN NULL ELSE (
    SELECT u.locked_until > now() OR (u.status <> 'blocked' AND ${PLATFORM_ADMIN_OF_U})
      FROM users u WHERE u.id = ${userId}) END`;
}

const REFUSED_AS_LOCKED = refusedAsLockedSql('$1');

/**
 * SQL: the password claim's UPDATE (a CTE named `claim` by the caller) of user `userId` under
 * `limit` (both SQL), `also` a further condition; it returns the count with this guess.
 */
export function passwordClaimSql(userId: string, limit: string, also = 'true'): string {
  return `UPDATE users SET failed_login_count = failed_login_count + 1, updated_at = now()
        WHERE id = ${userId} AND status <> 'blocked' AND failed_login_count < ${limit}
          AND ${USABLE} AND ${also}
    RETURNING failed_login_count`;
}

const LOCK_INTERVAL = `interval '${LOGIN_LOCKOUT_MINUTES} minutes'`;

/**
 * Claims one password guess for the account. Refused when the account is blocked, when a
 * platform administrator's timed lock runs (`locked`), or when the count already reached the
 * limit (guesses in flight included): `blocked`, as the sequential lockout would answer.
 */
export async function claimPasswordAttempt(
  sql: Sql,
  userId: string,
  limit: number,
): Promise<AttemptClaim> {
  const rows = await sql.query<{ count: number | null; locked: boolean | null }>(
    'portico_claim_password',
    `WITH claim AS (${passwordClaimSql('$1', '$2')})
     SELECT (SELECT failed_login_count FROM claim) AS count, ${REFUSED_AS_LOCKED} AS locked`,
    [userId, limit],
  );
  return claimOf(rows[0]);
}

/**
 * A second factor's own failure count (`failed_count`, keyed by `user_id`): the MPIN's
 * (`pins`) or the authenticator app's (`totp_factors`). Both count against the same limit, with
 * the same rules, as the password's.
 */
export type FactorTable = 'pins' | 'totp_factors';

/** Claims one MPIN guess: the PIN's own count against the same limit, on a usable account. */
export function claimPinAttempt(sql: Sql, userId: string, limit: number): Promise<AttemptClaim> {
  return claimFactorAttempt(sql, userId, limit, 'pins');
}

/** Claims one guess of a second factor (MPIN, authenticator code), as claimPinAttempt. */
export async function claimFactorAttempt(
  sql: Sql,
  userId: string,
  limit: number,
  table: FactorTable,
): Promise<AttemptClaim> {
  const rows = await sql.query<{ count: number | null; locked: boolean | null }>(
    `portico_claim_${table}`,
    `WITH claim AS (
       UPDATE ${table} SET failed_count = failed_count + 1, updated_at = now()
        WHERE user_id = $1 AND failed_count < $2
          AND EXISTS (SELECT 1 FROM users WHERE id = $1 AND status = 'active' AND ${USABLE})
    RETURNING failed_count)
     SELECT (SELECT failed_count FROM claim) AS count, ${REFUSED_AS_LOCKED} AS locked`,
    [userId, limit],
  );
  return claimOf(rows[0]);
}

/**
 * A password claim given back unused: the sign-in claimed it with its first read (sign-in-reads)
 * and a gate that runs before the password then refused, so the guess was never verified.
 */
export async function releasePasswordClaim(sql: Sql, userId: string): Promise<void> {
  await sql.query(
    'portico_release_password_claim',
    `UPDATE users SET failed_login_count = failed_login_count - 1, updated_at = now()
      WHERE id = $1 AND failed_login_count > 0`,
    [userId],
  );
}

export function claimOf(
  row: { count: number | null; locked: boolean | null } | undefined,
): AttemptClaim {
  if (row?.count != null) return { claimed: true, count: Number(row.count) };
  return { claimed: false, reason: row?.locked ? 'locked' : 'blocked' };
}

/** Whether a right guess may stand: 'ok', or the lockout a parallel guess put on meanwhile. */
export type Settlement = 'ok' | 'blocked' | 'locked';

/**
 * A right password: the count returns to 0 if the account is still usable; otherwise a
 * parallel guess blocked or locked it meanwhile, and the sign-in is refused.
 */
export function settleRightPassword(sql: Sql, userId: string): Promise<Settlement> {
  return settle(
    sql,
    userId,
    'portico_settle_password',
    `UPDATE users SET failed_login_count = 0, updated_at = now()
      WHERE id = $1 AND status <> 'blocked' AND ${USABLE}`,
  );
}

/** Refuses a right guess whose settlement found the account blocked or locked meanwhile. */
export function refuseUnlessSettled(settled: Settlement): void {
  if (settled !== 'ok') throw lockedOutError(settled);
}

/** A right MPIN: as settleRightPassword, for the PIN's count (on an active account only). */
export function settleRightPin(sql: Sql, userId: string): Promise<Settlement> {
  return settleRightFactor(sql, userId, 'pins');
}

/** A right second factor: its count returns to 0, as settleRightPin. */
export function settleRightFactor(
  sql: Sql,
  userId: string,
  table: FactorTable,
): Promise<Settlement> {
  return settle(
    sql,
    userId,
    `portico_settle_${table}`,
    `UPDATE ${table} SET failed_count = 0, updated_at = now()
      WHERE user_id = $1
        AND EXISTS (SELECT 1 FROM users WHERE id = $1 AND status = 'active' AND ${USABLE})`,
  );
}

async function settle(sql: Sql, userId: string, name: string, update: string): Promise<Settlement> {
  const rows = await sql.query<{ settled: boolean; locked: boolean | null }>(
    name,
    `WITH settled AS (${update} RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM settled) AS settled,
            (SELECT locked_until > now() FROM users WHERE id = $1) AS locked`,
    [userId],
  );
  const row = rows[0];
  if (row?.settled) return 'ok';
  return row?.locked ? 'locked' : 'blocked';
}

/** The answer to a guess the lockout refused: a platform administrator's timed lock names its
 * 15 minutes (rate_limit_exceeded), any other account is blocked. */
export function lockedOutError(reason: 'blocked' | 'locked'): ApiError {
  return new ApiError(reason === 'locked' ? 'rate_limit_exceeded' : 'account_blocked');
}

/** What a wrong guess did to the account once its claim was spent. */
export type LockOutcome = 'none' | 'blocked' | 'locked';

/**
 * After a wrong guess that took the last attempt (its claim reached the limit) and while the
 * count is still there (a right guess in flight did not reset it): an active account is
 * blocked, a platform administrator's is locked for LOGIN_LOCKOUT_MINUTES (its count starts
 * again afterwards). Earlier wrong guesses leave the account as it is, as they would one after
 * another. `count` is 'password' or the factor's table: which count reached the limit.
 */
export async function lockOutIfSpent(
  sql: Sql,
  userId: string,
  limit: number,
  count: 'password' | FactorTable,
): Promise<LockOutcome> {
  const spent =
    count === 'password'
      ? 'u.failed_login_count >= $2'
      : `EXISTS (SELECT 1 FROM ${count} f WHERE f.user_id = u.id AND f.failed_count >= $2)`;
  const rows = await sql.query<{ admin: boolean }>(
    `portico_lock_out_${count}`,
    `UPDATE users u
        SET locked_until = CASE WHEN ${PLATFORM_ADMIN_OF_U} THEN now() + ${LOCK_INTERVAL}
                                ELSE u.locked_until END,
            status = CASE WHEN ${PLATFORM_ADMIN_OF_U} THEN u.status
                          ELSE 'blocked'::user_status END,
            failed_login_count = CASE WHEN ${PLATFORM_ADMIN_OF_U} THEN 0
                                      ELSE u.failed_login_count END,
            updated_at = now()
      WHERE u.id = $1 AND u.status = 'active' AND ${spent}
        AND (u.locked_until IS NULL OR u.locked_until <= now())
  RETURNING ${PLATFORM_ADMIN_OF_U} AS admin`,
    [userId, limit],
  );
  const row = rows[0];
  if (!row) return 'none';
  if (row.admin && count !== 'password') {
    // The timed lock covers the factor too; its count starts again with the password's.
    await sql.query(
      `portico_reset_${count}`,
      `UPDATE ${count} SET failed_count = 0, updated_at = now() WHERE user_id = $1`,
      [userId],
    );
  }
  return row.admin ? 'locked' : 'blocked';
}
