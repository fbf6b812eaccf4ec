import type { Database } from '../db.js';

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
  /** `<app>.<role>` ids the user holds (verified access) in the session's current company. */
  roles: string[];
}

interface RawRow {
  id: string;
  user_id: string;
  client_id: string;
  device_id: string;
  current_company_id: string | null;
  expires_at: Date;
  last_seen_at: Date;
  ended_at: Date | null;
  session_activity_timeout: number;
  roles: string[] | null;
}

/**
 * One indexed lookup by token hash, joined with the client's timeout and the user's roles in
 * the current company. This runs on every guarded request, so it stays a single round trip.
 */
export async function readSession(db: Database, tokenHash: string): Promise<SessionRow | null> {
  const rows = await db.prisma.$queryRaw<RawRow[]>`
    SELECT s.id, s.user_id, s.client_id, s.device_id, s.current_company_id,
           s.expires_at, s.last_seen_at, s.ended_at, c.session_activity_timeout,
           (SELECT array_agg(ar.app_id || '.' || ar.role_id ORDER BY ar.app_id, ar.role_id)
              FROM access a JOIN access_roles ar ON ar.access_id = a.id
             WHERE a.user_id = s.user_id AND a.company_id = s.current_company_id
               AND a.status = 'verified') AS roles
      FROM sessions s JOIN clients c ON c.id = s.client_id
     WHERE s.token_hash = ${tokenHash}`;
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    clientId: row.client_id,
    deviceId: row.device_id,
    companyId: row.current_company_id,
    expiresAt: new Date(row.expires_at),
    lastSeenAt: new Date(row.last_seen_at),
    endedAt: row.ended_at ? new Date(row.ended_at) : null,
    activityTimeoutSeconds: Number(row.session_activity_timeout),
    roles: row.roles ?? [],
  };
}
