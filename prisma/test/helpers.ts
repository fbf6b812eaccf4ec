import { randomBytes } from 'node:crypto';
import pg from 'pg';

const LOCAL_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** TEST_DATABASE_URL, else the local server if it answers, else null (PostgreSQL tests skip). */
export async function findPostgres(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? LOCAL_SERVER_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return url;
  } catch {
    if (process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL does not answer');
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function adminQuery(serverUrl: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/**
 * An empty database (no template) on the server, dropped afterwards. Named like the clones of
 * @portico/db/testing, so one left behind by a killed run is cleaned up with theirs.
 */
export async function createEmptyDatabase(serverUrl: string) {
  const name = `portico_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const { rowCount } = await adminQuery(serverUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [
    name,
  ]);
  return rowCount === 1;
}
