import type { Database } from '../db.js';

/**
 * A sign-in's statement writes the user's last_login_at first (it is the UPDATE that locks and
 * re-checks the account: sessions/start-session.ts) and opens the session only after the
 * device and, for an auto-login, the session it continues are found still usable. When either
 * was not (blocked, removed or signed out meanwhile), no session was opened, so the last login
 * goes back to the last sign-in that opened one: its auth.sign_in audit event, written with
 * that session. Only if it is still this statement's (`at`): a later sign-in's stays.
 * A rare race's second round trip; the statement every sign-in runs stays one.
 */
export async function undoLastLogin(db: Database, userId: string, at: Date): Promise<void> {
  await db.query(
    'portico_undo_last_login',
    `UPDATE users SET last_login_at = (
       SELECT max(a.at) FROM audit_events a WHERE a.actor_id = $1 AND a.action = 'auth.sign_in')
      WHERE id = $1 AND last_login_at = $2`,
    [userId, at],
  );
}
