import pg from 'pg';
import { databaseUrl } from './stack.js';

export interface AgeOptions {
  /** Only the sessions of this client (e.g. the portal's, or a sample client's id). */
  clientId?: string;
  /** How far into the past last activity moves; past every client's activity timeout by default. */
  seconds?: number;
}

/** More than the longest activity timeout a client may have (86 400 s). */
const LONGER_THAN_ANY_TIMEOUT_S = 2 * 86_400;

/**
 * Makes a user's live sessions idle-expired: their last activity moves into the past with SQL
 * on the run's database, instead of waiting for the activity timeout (time is outside the
 * product). The next call with such a session answers session_expired. Answers how many sessions
 * were aged; undefined when the run has no PostgreSQL (the API's embedded PGlite is its own).
 */
export async function ageSessions(
  username: string,
  options: AgeOptions = {},
): Promise<number | undefined> {
  const url = databaseUrl();
  if (!url) return undefined;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      `UPDATE sessions s
          SET last_seen_at = now() - make_interval(secs => $2)
         FROM users u
        WHERE s.user_id = u.id AND u.username = lower($1)
          AND s.ended_at IS NULL AND s.expires_at > now()
          AND ($3::text IS NULL OR s.client_id = $3)`,
      [username, options.seconds ?? LONGER_THAN_ANY_TIMEOUT_S, options.clientId ?? null],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
