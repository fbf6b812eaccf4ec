import { randomToken, sha256 } from '../credentials/tokens.js';
import { uuidv7 } from './session-id.js';

/** A successful sign-in's writes, as startSessionStatement turns them into SQL. */
export interface SessionOpening {
  userId: string;
  client: { id: string; sessionTtl: number; allowMultipleSessions: boolean };
  deviceId: string;
  ip: string;
  userAgent: string | undefined;
  /** Opens the session already idle (the sign-in confirmation step, session-store.ts). */
  needsConfirmation: boolean;
  /** The audit event's `details.method`. */
  method: string;
  /** A session this one replaces (auto-login: the cookie's session), ended "replaced". */
  replacesSessionId?: string | undefined;
  /** A password sign-in's login_attempts row (canonical IP, normalised username). */
  attempt?: { ip: string; username: string } | undefined;
  /**
   * A password sign-in gives its lockout claim back here (credentials/lockout.ts): the user's
   * failure count returns to 0 only if the account is still usable, and everything else is
   * written only then, so nothing succeeds once a parallel guess blocked the account.
   */
  settlesPassword?: boolean | undefined;
}

export interface SessionStatement {
  /** The prepared statement's name: one per shape (see below). */
  name: string;
  text: string;
  values: unknown[];
  /** The new session's cookie value (only its hash is in `values`). */
  token: string;
  /** The statement's time: the session's start and the user's last_login_at. */
  at: Date;
  /**
   * For a client that allows one session (the statement ends the user's others): the user's row
   * is to be locked, in the statement's transaction, before the statement runs
   * (LOCK_USER_FOR_SESSIONS, its one value the user's id). The statement ends the sessions its
   * snapshot sees, and a sign-in that waited on the row behind another took its snapshot before
   * that one committed: both sessions stayed live. Locked first, the row is waited for before the
   * snapshot is taken, so the later sign-in sees the earlier one's session and ends it. Clients
   * that allow several sessions (the portal's own, the bench's) keep the one round trip.
   */
  lockUserFirst: boolean;
  /** The audit event the statement writes (its id and time come back in the row). */
  audit: {
    action: 'auth.sign_in';
    actorId: string;
    target: string;
    clientId: string;
    ip: string;
    details: { method: string; session: string; device: string };
  };
}

/**
 * The statement's row: the failure count, and the audit event's id (int8) and time. With a
 * settlement that found the account blocked or locked meanwhile, all three are null (nothing
 * was written) and `locked` tells a platform administrator's timed lock from a block.
 */
export interface SessionStatementRow {
  failed_login_count: number | null;
  audit_id: string | bigint | null;
  audit_at: Date | null;
  locked?: boolean | null;
  /**
   * False when the device was blocked or removed since the gates read it (nothing was then
   * written); null when a settlement found the account locked out first, or (the other sign-ins)
   * the account no longer active.
   */
  device_active: boolean | null;
  /**
   * An auto-login's: false when the session it continues ended meanwhile (signed out; nothing
   * was written), null when the account or the device stopped it first.
   */
  replaced_live?: boolean | null;
  /** A single-session client's other devices whose sessions ended (absent or null: none). */
  superseded?: string[] | null;
  /** An auto-login's new session's end (capped by the session it continues; null: none). */
  expires_at?: Date | string | null;
}

/**
 * SQL: the other devices whose sessions on the client a single-session sign-in ended (NULL for
 * none). Their sign-ins to the client are over, so their grants end (signed-in-session.ts).
 */
const SUPERSEDED = `(SELECT array_agg(DISTINCT device_id) FROM others WHERE device_id <> $5)`;

/** A session's idle start: the epoch, so the confirmation step sees it idle at once. */
const CONFIRMATION_PENDING = new Date(0);

/** The optional parts of the statement; each combination is its own named statement. */
interface Shape {
  replaces: boolean;
  endOthers: boolean;
  attempt: boolean;
  settles: boolean;
}

/**
 * A successful sign-in's writes as ONE statement (atomic on its own: no transaction, one round
 * trip): the sessions it replaces end ("replaced": the session an auto-login continues, and the
 * user's other live sessions on the client when it disallows multiple sessions), a session with
 * a new token (only its hash stored; opened idle when the sign-in must be confirmed, as
 * openSession does), the device's and the user's last use, the audit event auth.sign_in (the
 * row recordAudit writes) and, for a password sign-in, its login_attempts row. It answers the
 * user's failure count, which the login answer's retries_left comes from. A password sign-in
 * also gives its lockout claim back in it (`settled`): every other write waits for that. The
 * other sign-ins (auto-login, device verification) write the user's last use first instead
 * (`touched`), only while the account is still active, and every other write waits for that:
 * an account blocked or set awaiting a reset meanwhile (which ended its sessions) gets none.
 * Every write also waits for the device to be still active (`device`), so a device blocked or
 * removed while the sign-in hashed its password opens no session (`device_active` false), and,
 * for an auto-login, for the session it continues to be still live (`replaced`): one signed
 * out meanwhile opens nothing.
 *
 * Each optional part is in the text only when it applies, never switched by a parameter: a
 * named statement gets a generic plan, and one written `id = $n OR (NOT $m AND user_id = ...)`
 * was planned once with an index on client_id alone and then read every session of the client.
 * Parameters $1..$11 are always there; the optional ones follow.
 */
function shapeText(shape: Shape): string {
  // $12 is the replaced session when there is one; the attempt's two values come next.
  const attemptAt = shape.replaces ? 13 : 12;
  // Every write waits for the users row first: the settlement (`settled`), or else the user's
  // last use (`touched`), written only while the account is active. Both are UPDATEs of the row
  // itself, so READ COMMITTED re-checks the condition on its newest version (a sub-select would
  // read the statement's snapshot), and the row stays locked to the end: a block that commits
  // first (its sessions ended without this one) opens nothing, one that comes later waits and
  // then ends this session too. Then the device: written only while it is still active,
  // re-checked the same way. A device blocked or removed since the gates read it
  // (devices/change-device.ts) opens nothing. Then, for an auto-login, the session it continues:
  // one ended meanwhile (signed out) opens nothing. The order (users, device, session) is the
  // one blocks and resets lock in, so they queue rather than deadlock. Rows are therefore
  // inserted by SELECT, whose parameters need their types.
  const account = shape.settles ? 'settled' : 'touched';
  const gate = shape.replaces ? 'replaced' : 'device';
  const onlyIfGate = ` AND EXISTS (SELECT 1 FROM ${gate})`;
  const insertRow = (values: string) => `SELECT ${values} WHERE EXISTS (SELECT 1 FROM ${gate})`;
  const parts: string[] = [];
  if (shape.settles) {
    parts.push(`settled AS (
      UPDATE users SET failed_login_count = 0, last_login_at = $9, updated_at = $9
       WHERE id = $3 AND status <> 'blocked' AND (locked_until IS NULL OR locked_until <= now())
      RETURNING failed_login_count)`);
  } else {
    parts.push(`touched AS (
      UPDATE users SET last_login_at = $9, updated_at = $9 WHERE id = $3 AND status = 'active'
      RETURNING failed_login_count)`);
  }
  parts.push(`device AS (
      UPDATE devices SET last_accessed_at = $9
       WHERE id = $5 AND status = 'active' AND EXISTS (SELECT 1 FROM ${account})
      RETURNING id)`);
  if (shape.replaces) {
    parts.push(`replaced AS (
      UPDATE sessions SET ended_at = $9, end_reason = 'replaced'
       WHERE id = $12 AND ended_at IS NULL AND EXISTS (SELECT 1 FROM device)
      RETURNING id)`);
  }
  if (shape.endOthers) {
    // On this device the sign-in continues ("replaced"); elsewhere it is over ("superseded"):
    // the devices come back, for their OpenID Connect grants to end too (SUPERSEDED).
    parts.push(`others AS (
      UPDATE sessions SET ended_at = $9,
             end_reason = CASE WHEN device_id = $5 THEN 'replaced' ELSE 'superseded' END
       WHERE user_id = $3 AND client_id = $4 AND ended_at IS NULL${onlyIfGate}
      RETURNING device_id)`);
  }
  const superseded = shape.endOthers ? `,\n           ${SUPERSEDED} AS superseded` : '';
  const continued = shape.replaces
    ? `,\n           CASE WHEN EXISTS (SELECT 1 FROM device) THEN EXISTS (SELECT 1 FROM replaced) END
             AS replaced_live,
           (SELECT expires_at FROM opened) AS expires_at`
    : '';
  // An auto-login continues the browser's session without a credential: its session ends when
  // the client's session_ttl says, or when the session it continues would have, the earlier.
  // Otherwise each visit would open one with a full session_ttl, and the absolute lifetime
  // would never bring the person back to their password.
  const expiresAt = shape.replaces
    ? 'LEAST($8::timestamptz, (SELECT expires_at FROM sessions WHERE id = $12))'
    : '$8::timestamptz';
  parts.push(
    `opened AS (
      INSERT INTO sessions (id, token_hash, user_id, client_id, device_id, current_company_id,
                            ip, user_agent, expires_at, last_seen_at)
      ${insertRow(
        '$1::text, $2::text, $3::text, $4::text, $5::text, NULL, $6::text, $7::text, ' +
          `${expiresAt}, $10::timestamptz`,
      )}
      RETURNING expires_at)`,
    `audited AS (
      INSERT INTO audit_events (action, actor_id, client_id, ip, target, details)
      ${insertRow("'auth.sign_in', $3, $4, $6, $3, $11::jsonb")}
      RETURNING id, at)`,
  );
  if (shape.attempt) {
    parts.push(`attempt AS (
      INSERT INTO login_attempts (ip, username, user_id, client_id, success)
      ${insertRow(`$${attemptAt}::text, $${attemptAt + 1}::text, $3, $4, true`)})`);
  }
  if (shape.settles) {
    return `WITH ${parts.join(',\n')}
    SELECT (SELECT failed_login_count FROM settled) AS failed_login_count,
           (SELECT id FROM audited) AS audit_id, (SELECT at FROM audited) AS audit_at,
           (SELECT locked_until > now() FROM users WHERE id = $3) AS locked,
           CASE WHEN EXISTS (SELECT 1 FROM settled) THEN EXISTS (SELECT 1 FROM device) END
             AS device_active${continued}${superseded}`;
  }
  return `WITH ${parts.join(',\n')}
    SELECT (SELECT failed_login_count FROM touched) AS failed_login_count,
           (SELECT id FROM audited) AS audit_id, (SELECT at FROM audited) AS audit_at,
           CASE WHEN EXISTS (SELECT 1 FROM touched) THEN EXISTS (SELECT 1 FROM device) END
             AS device_active${continued}${superseded}`;
}

/** SQL: the user's row, locked before a single-session client's statement (lockUserFirst). */
export const LOCK_USER_FOR_SESSIONS = 'SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE';

const texts = new Map<string, string>();

/**
 * The statement for one sign-in. Data-modifying CTEs all run, against one snapshot: the new
 * session is not among those the UPDATEs end, as when they ran before the INSERT.
 */
export function startSessionStatement(opening: SessionOpening): SessionStatement {
  const shape: Shape = {
    replaces: opening.replacesSessionId !== undefined,
    endOthers: !opening.client.allowMultipleSessions,
    attempt: opening.attempt !== undefined,
    settles: opening.settlesPassword === true,
  };
  const name = `portico_start_session_${+shape.replaces}${+shape.endOthers}${+shape.attempt}${+shape.settles}`;
  let text = texts.get(name);
  if (text === undefined) {
    text = shapeText(shape);
    texts.set(name, text);
  }
  const now = new Date();
  const sessionId = uuidv7(now.getTime());
  const token = randomToken(32);
  const details = { method: opening.method, session: sessionId, device: opening.deviceId };
  const values: unknown[] = [
    sessionId,
    sha256(token),
    opening.userId,
    opening.client.id,
    opening.deviceId,
    opening.ip,
    opening.userAgent ? opening.userAgent.slice(0, 512) : null,
    new Date(now.getTime() + opening.client.sessionTtl * 1000),
    now,
    opening.needsConfirmation ? CONFIRMATION_PENDING : now,
    JSON.stringify(details),
  ];
  if (opening.replacesSessionId !== undefined) values.push(opening.replacesSessionId);
  if (opening.attempt) values.push(opening.attempt.ip, opening.attempt.username);
  const audit = {
    action: 'auth.sign_in' as const,
    actorId: opening.userId,
    target: opening.userId,
    clientId: opening.client.id,
    ip: opening.ip,
    details,
  };
  return { name, text, values, token, at: now, audit, lockUserFirst: shape.endOthers };
}
