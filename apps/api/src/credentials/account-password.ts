import type { Database } from '../db.js';
import { hashSecret, verifySecret } from './argon2.js';
import { randomToken } from './tokens.js';

const RESET_FAILED_LOGINS = `
  UPDATE users SET failed_login_count = 0, updated_at = now()
   WHERE id = $1 AND failed_login_count > 0`;

export type PasswordCheck = { ok: true } | { ok: false; blocked: boolean; retriesLeft: number };

/**
 * Checks a password against the account and counts failures atomically: one UPDATE increments
 * the counter and blocks the account when it reaches the client's login_retry_limit, so
 * parallel wrong passwords are counted exactly. A right password resets the counter.
 * The caller decides beforehand what a blocked or awaiting-reset account answers.
 */
export async function checkAccountPassword(
  db: Database,
  user: {
    id: string;
    passwordHash: string;
    /**
     * The count read with the hash, when the caller has it: 0 skips the reset's statement (a
     * failure counted by a parallel attempt during the hash is kept, as if it came just after).
     */
    failedLoginCount?: number;
  },
  password: string,
  retryLimit: number,
): Promise<PasswordCheck> {
  if (await verifySecret(user.passwordHash, password)) {
    if (user.failedLoginCount !== 0) {
      await db.query('portico_reset_failed_logins', RESET_FAILED_LOGINS, [user.id]);
    }
    return { ok: true };
  }
  const rows = await db.prisma.$queryRaw<{ failed_login_count: number; status: string }[]>`
    UPDATE users
       SET failed_login_count = failed_login_count + 1,
           status = CASE WHEN failed_login_count + 1 >= ${retryLimit} AND status = 'active'
                         THEN 'blocked'::user_status ELSE status END,
           updated_at = now()
     WHERE id = ${user.id}
 RETURNING failed_login_count, status`;
  const row = rows[0];
  const failed = Number(row?.failed_login_count ?? retryLimit);
  return {
    ok: false,
    blocked: row?.status === 'blocked',
    retriesLeft: Math.max(0, retryLimit - failed),
  };
}

/** A hash of a random string, made once, verified when the user does not exist, so an unknown
 * username costs the same argon2id time as a wrong password (account enumeration). */
let dummyHash: Promise<string> | undefined;

export async function spendPasswordTime(password: string): Promise<void> {
  dummyHash ??= hashSecret(randomToken(16));
  await verifySecret(await dummyHash, password);
}
