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
}

export interface SessionStatement {
  /** The prepared statement's name: one per shape (see below). */
  name: string;
  text: string;
  values: unknown[];
  /** The new session's cookie value (only its hash is in `values`). */
  token: string;
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

/** The statement's row: the failure count, and the audit event's id (int8) and time. */
export interface SessionStatementRow {
  failed_login_count: number;
  audit_id: string | bigint;
  audit_at: Date;
}

/** A session's idle start: the epoch, so the confirmation step sees it idle at once. */
const CONFIRMATION_PENDING = new Date(0);

/** The optional parts of the statement; each combination is its own named statement. */
interface Shape {
  replaces: boolean;
  endOthers: boolean;
  attempt: boolean;
}

/**
 * A successful sign-in's writes as ONE statement (atomic on its own: no transaction, one round
 * trip): the sessions it replaces end ("replaced": the session an auto-login continues, and the
 * user's other live sessions on the client when it disallows multiple sessions), a session with
 * a new token (only its hash stored; opened idle when the sign-in must be confirmed, as
 * openSession does), the device's and the user's last use, the audit event auth.sign_in (the
 * row recordAudit writes) and, for a password sign-in, its login_attempts row. It answers the
 * user's failure count, which the login answer's retries_left comes from.
 *
 * Each optional part is in the text only when it applies, never switched by a parameter: a
 * named statement gets a generic plan, and one written `id = $n OR (NOT $m AND user_id = ...)`
 * was planned once with an index on client_id alone and then read every session of the client.
 * Parameters $1..$11 are always there; the optional ones follow.
 */
function shapeText(shape: Shape): string {
  // $12 is the replaced session when there is one; the attempt's two values come next.
  const attemptAt = shape.replaces ? 13 : 12;
  const parts: string[] = [];
  if (shape.replaces) {
    parts.push(`replaced AS (
      UPDATE sessions SET ended_at = $9, end_reason = 'replaced'
       WHERE id = $12 AND ended_at IS NULL)`);
  }
  if (shape.endOthers) {
    parts.push(`others AS (
      UPDATE sessions SET ended_at = $9, end_reason = 'replaced'
       WHERE user_id = $3 AND client_id = $4 AND ended_at IS NULL)`);
  }
  parts.push(
    `opened AS (
      INSERT INTO sessions (id, token_hash, user_id, client_id, device_id, current_company_id,
                            ip, user_agent, expires_at, last_seen_at)
      VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, $8, $10))`,
    `device AS (UPDATE devices SET last_accessed_at = $9 WHERE id = $5)`,
    `audited AS (
      INSERT INTO audit_events (action, actor_id, client_id, ip, target, details)
      VALUES ('auth.sign_in', $3, $4, $6, $3, $11::jsonb)
      RETURNING id, at)`,
  );
  if (shape.attempt) {
    parts.push(`attempt AS (
      INSERT INTO login_attempts (ip, username, user_id, client_id, success)
      VALUES ($${attemptAt}, $${attemptAt + 1}, $3, $4, true))`);
  }
  return `WITH ${parts.join(',\n')}
    UPDATE users SET last_login_at = $9, updated_at = $9 WHERE id = $3
    RETURNING failed_login_count,
              (SELECT id FROM audited) AS audit_id, (SELECT at FROM audited) AS audit_at`;
}

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
  };
  const name = `portico_start_session_${+shape.replaces}${+shape.endOthers}${+shape.attempt}`;
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
  return { name, text, values, token, audit };
}
