import pg from 'pg';
import { databaseUrl } from './stack.js';

/**
 * Moves the user's open reset links past their end with SQL on the run's database (time is
 * outside the product: waiting 60 minutes is not a test). Answers how many links were aged;
 * undefined when the run has no PostgreSQL (the API's embedded PGlite is its own).
 */
export async function expireResetLinks(username: string): Promise<number | undefined> {
  const url = databaseUrl();
  if (!url) return undefined;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      `UPDATE password_reset_tokens t
          SET expires_at = now() - interval '1 minute'
         FROM users u
        WHERE t.user_id = u.id AND u.username = lower($1) AND t.used_at IS NULL`,
      [username],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
