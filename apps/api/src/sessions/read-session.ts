import type { Database } from '../db.js';
import type { SummaryColumns } from './user-summary.js';
import { SUMMARY_JSON } from './user-summary.js';

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
}

/** SessionRow as the query's one JSON column carries it (timestamps as ISO strings). */
interface SessionJson extends Omit<
  SessionRow,
  'expiresAt' | 'lastSeenAt' | 'endedAt' | 'roles' | 'profile'
> {
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

export async function readSession(db: Database, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await db.query<{ session: SessionJson }>('portico_read_session', READ_SESSION, [
    tokenHash,
  ]);
  if (!row) return null;
  const { session } = row;
  return {
    ...session,
    expiresAt: new Date(session.expiresAt),
    lastSeenAt: new Date(session.lastSeenAt),
    endedAt: session.endedAt === null ? null : new Date(session.endedAt),
    roles: session.roles ?? [],
    profile: { ...session.profile, roleNames: session.profile.roleNames ?? {} },
  };
}
