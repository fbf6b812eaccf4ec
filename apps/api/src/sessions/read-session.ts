import { LRUCache } from 'lru-cache';
import type { Database } from '../db.js';
import type { SummaryColumns } from './user-summary.js';
import { SUMMARY_JSON } from './user-summary.js';
import { readSessionState } from './session-state-reads.js';

/**
 * The signed-in user as the session check (auth.details) and the re-authentication dialog
 * (session_expired) show them, read with the session so neither needs another query.
 */
export interface SessionProfile {
  /** Names, avatar and MFA flags (summaryOf makes the answers' form). */
  user: SummaryColumns;
  /** The user's names in the session's current company ('' when none are set). */
  fname: string;
  lname: string;
  /** The current company's row: null without a current company. */
  company: { name: string; imageId: string | null } | null;
  /** The name of each of the session's roles, by `<app>.<role>` id (the profile shows names). */
  roleNames: Record<string, string>;
}

/** What every guarded request needs to know about its session, read in one query. */
export interface SessionRow {
  id: string;
  userId: string;
  clientId: string;
  deviceId: string;
  companyId: string | null;
  expiresAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
  activityTimeoutSeconds: number;
  /** Whether the session's client lets the user delete their account (allow_delete). */
  allowDelete: boolean;
  /** `<app>.<role>` ids the user holds (verified access) in the session's current company. */
  roles: string[];
  profile: SessionProfile;
  /** Whether the session idled out: false as read, the guard decides (session-guard.ts). */
  idle: boolean;
  /**
   * Answers made from this profile, kept with it while it stays current (the session check's
   * serialised answer: auth/session-details.ts). Shared between requests: only set, never read
   * across profiles.
   */
  memo: SessionMemo;
}

export interface SessionMemo {
  /** auth.details' envelope as sent, for the PUBLIC_URL it was made with. */
  details?: { publicUrl: string; json: string };
}

/** SessionRow as the query's one JSON column carries it (timestamps as ISO strings). */
interface SessionJson extends Omit<
  SessionRow,
  'expiresAt' | 'lastSeenAt' | 'endedAt' | 'roles' | 'profile' | 'memo' | 'idle'
> {
  profileStamp: number;
  expiresAt: string;
  lastSeenAt: string;
  endedAt: string | null;
  roles: string[] | null;
  profile: Omit<SessionProfile, 'roleNames'> & { roleNames: Record<string, string> | null };
}

/**
 * One indexed lookup by token hash, joined with the client's timeout, the user's roles in the
 * current company and the profile. Every guarded request runs it, so it is a single named
 * statement (planned once per pooled connection) and the session check needs nothing else;
 * the profile's extra joins are primary-key lookups, cheaper than a second round trip. The row
 * comes as ONE json column: `pg` then parses one field (JSON.parse) instead of some twenty,
 * each with its own parser and, for timestamps, a date parse in JavaScript.
 */
const READ_SESSION = `
  SELECT json_build_object(
           'id', s.id, 'userId', s.user_id, 'clientId', s.client_id, 'deviceId', s.device_id,
           'companyId', s.current_company_id, 'expiresAt', s.expires_at,
           'lastSeenAt', s.last_seen_at, 'endedAt', s.ended_at,
           'profileStamp', s.profile_stamp,
           'activityTimeoutSeconds', c.session_activity_timeout, 'allowDelete', c.allow_delete,
           'roles', (SELECT array_agg(ar.app_id || '.' || ar.role_id ORDER BY ar.app_id, ar.role_id)
                       FROM access a JOIN access_roles ar ON ar.access_id = a.id
                      WHERE a.user_id = s.user_id AND a.company_id = s.current_company_id
                        AND a.status = 'verified'),
           'profile', json_build_object(
             'user', ${SUMMARY_JSON},
             'fname', coalesce(up.fname, ''), 'lname', coalesce(up.lname, ''),
             'company', CASE WHEN co.id IS NULL THEN NULL
                             ELSE json_build_object('name', co.name, 'imageId', co.image_id) END,
             'roleNames', (SELECT json_object_agg(ar.app_id || '.' || ar.role_id, r.name)
                             FROM access a
                             JOIN access_roles ar ON ar.access_id = a.id
                             JOIN roles r ON r.app_id = ar.app_id AND r.id = ar.role_id
                            WHERE a.user_id = s.user_id AND a.company_id = s.current_company_id
                              AND a.status = 'verified'))
         ) AS session
    FROM sessions s
    JOIN clients c ON c.id = s.client_id
    JOIN users u ON u.id = s.user_id
    LEFT JOIN user_preferences up
           ON up.user_id = s.user_id AND up.company_id = s.current_company_id
    LEFT JOIN companies co ON co.id = s.current_company_id
   WHERE s.token_hash = $1`;

/** A session's profile as one full read found it, with the stamp it was read at. */
interface KeptProfile {
  row: SessionRow;
  profileStamp: number;
}

/**
 * The profiles this process holds, by token hash, per database (tests open many). Bounded: a
 * profile that fell out is read again in full. A renewed token is a new key; the old one is
 * never found by its hash again and ages out.
 */
const KEPT_PROFILES = 20_000;
const keptByDatabase = new WeakMap<Database, LRUCache<string, KeptProfile>>();

function keptProfiles(db: Database): LRUCache<string, KeptProfile> {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new LRUCache({ max: KEPT_PROFILES });
    keptByDatabase.set(db, kept);
  }
  return kept;
}

/**
 * The session of a token hash, or null. Revocation and every change of what it answers are
 * seen on the very next request, on every replica (docs/replicas.md, "Kept session profiles"):
 * the session row is read on every call (with the reads of the other requests of the same turn
 * of the event loop: session-state-reads.ts), and a kept profile is used only while the row's
 * profile stamp (raised by triggers in the changing transaction) and the session's company are
 * those it was read with; otherwise the session is read again in full, as on the first call.
 */
export async function readSession(db: Database, tokenHash: string): Promise<SessionRow | null> {
  const kept = keptProfiles(db);
  const copy = kept.get(tokenHash);
  if (copy) {
    const state = await readSessionState(db, tokenHash);
    if (!state) {
      kept.delete(tokenHash);
      return null;
    }
    const [companyId, expiresAt, lastSeenAt, endedAt, profileStamp] = state;
    if (profileStamp === copy.profileStamp && companyId === copy.row.companyId) {
      return sessionOf(
        copy.row,
        new Date(expiresAt),
        new Date(lastSeenAt),
        endedAt === null ? null : new Date(endedAt),
      );
    }
  }
  const [found] = await db.query<{ session: SessionJson }>('portico_read_session', READ_SESSION, [
    tokenHash,
  ]);
  if (!found) return null;
  const { profileStamp, ...session } = found.session;
  const row: SessionRow = {
    ...session,
    expiresAt: new Date(session.expiresAt),
    lastSeenAt: new Date(session.lastSeenAt),
    endedAt: session.endedAt === null ? null : new Date(session.endedAt),
    roles: Object.freeze(session.roles ?? []) as string[],
    profile: Object.freeze({
      ...session.profile,
      user: Object.freeze(session.profile.user),
      roleNames: Object.freeze(session.profile.roleNames ?? {}),
    }),
    idle: false,
    memo: {},
  };
  // An ended session never comes back: nothing to keep.
  if (row.endedAt === null) kept.set(tokenHash, { row, profileStamp });
  return sessionOf(row, row.expiresAt, row.lastSeenAt, row.endedAt);
}

/**
 * This request's own copy of a kept row, with the times just read: the caller may change it
 * (the guard's idle flag), the kept row stays as read. Every field is named, in one order, so
 * every session object has the same shape (a spread of the kept row would copy it key by key,
 * and a field added afterwards would change its shape on every request).
 */
function sessionOf(
  row: SessionRow,
  expiresAt: Date,
  lastSeenAt: Date,
  endedAt: Date | null,
): SessionRow {
  return {
    id: row.id,
    userId: row.userId,
    clientId: row.clientId,
    deviceId: row.deviceId,
    companyId: row.companyId,
    expiresAt,
    lastSeenAt,
    endedAt,
    activityTimeoutSeconds: row.activityTimeoutSeconds,
    allowDelete: row.allowDelete,
    roles: row.roles,
    profile: row.profile,
    idle: false,
    memo: row.memo,
  };
}
