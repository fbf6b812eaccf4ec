// @portico/db/testing: a fresh, migrated database per test file.
//
// On PostgreSQL every database is cloned (`CREATE DATABASE … TEMPLATE`) from a template that was
// migrated once; the template's name carries a hash of the migrations, so a change of migrations
// gets a new template and the stale one is dropped. Creating the template and cloning it happen
// under an advisory lock, so parallel test workers (and other checkouts using the same server)
// never race. Without a PostgreSQL, each test database is an in-memory PGlite, migrated.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../client.js';
import { databaseOnPglite } from '../embedded.js';
import type { Database } from '../client.js';
import { hashMigrations, migratePglite, migratePostgres } from '../migrate.js';
import { createPglite } from '../pglite.js';

export interface TestDatabase {
  /** Connection string of the database (PostgreSQL only). */
  url?: string;
  kind: 'postgres' | 'pglite';
  /** The open, migrated database. */
  db: Database;
  /** Closes `db` and drops the database. Idempotent. */
  drop(): Promise<void>;
}

/** Tried when TEST_DATABASE_URL is unset: the local server of the development machines. */
const LOCAL_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_PROBE_TIMEOUT_MS = 1000;
/** Advisory lock key guarding template creation and cloning (any database of the server). */
const TEMPLATE_LOCK_KEY = '7265104114';
const TEMPLATE_PREFIX = 'portico_tpl_';
const CLONE_PREFIX = 'portico_test_';

type Server = { kind: 'postgres'; adminUrl: string; template: string } | { kind: 'pglite' };

let server: Promise<Server> | undefined;

/**
 * A database of its own for one test file: on TEST_DATABASE_URL's server when set; else on the
 * local PostgreSQL when it answers within about a second; else an in-memory PGlite (also when
 * TEST_DATABASE=pglite, or when asked). Which one is printed once per process.
 */
export async function createTestDatabase(
  /** `pglite`: an in-memory PGlite whatever the server (tests of the embedded default). */
  options: { kind?: 'pglite' } = {},
): Promise<TestDatabase> {
  if (options.kind === 'pglite') return createPgliteDatabase();
  server ??= chooseServer();
  const chosen = await server;
  if (chosen.kind === 'pglite') return createPgliteDatabase();

  const name = `${CLONE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withLockedAdmin(chosen.adminUrl, (admin) =>
    admin.query(`CREATE DATABASE "${name}" TEMPLATE "${chosen.template}"`),
  );
  const url = withDatabase(chosen.adminUrl, name);
  const db = await openDatabase({ url, poolSize: 5 });
  let dropped: Promise<void> | undefined;
  return {
    url,
    kind: 'postgres',
    db,
    drop() {
      dropped ??= db
        .close()
        .finally(() =>
          withAdmin(chosen.adminUrl, (admin) =>
            admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
          ),
        );
      return dropped;
    },
  };
}

let pgliteSnapshot: Promise<Blob> | undefined;

/**
 * In memory, started from a migrated data folder instead of initdb + migrations (about a second
 * instead of several). The snapshot is made once and kept in the system's temporary folder under
 * the migrations' hash, so later processes and test files load it directly.
 */
async function createPgliteDatabase(): Promise<TestDatabase> {
  pgliteSnapshot ??= loadSnapshot();
  let client;
  try {
    client = await createPglite({ snapshot: await pgliteSnapshot });
  } catch {
    // An unreadable snapshot (another PGlite version wrote it): make it again, once.
    pgliteSnapshot = loadSnapshot({ rebuild: true });
    client = await createPglite({ snapshot: await pgliteSnapshot });
  }
  const db = databaseOnPglite(client);
  return { kind: 'pglite', db, drop: () => db.close() };
}

async function loadSnapshot({ rebuild = false } = {}): Promise<Blob> {
  const file = path.join(tmpdir(), `portico-pglite-${await migrationsHash()}.tar`);
  if (!rebuild) {
    const cached = await readFile(file).catch(() => null);
    if (cached) return new Blob([cached]);
  }
  const scratch = await createPglite();
  try {
    await migratePglite(scratch);
    const snapshot = await scratch.dumpDataDir('none');
    // Written aside then renamed, so a parallel reader never sees half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
    await rename(partial, file);
    await removeStaleSnapshots(file);
    return snapshot;
  } finally {
    await scratch.close();
  }
}

/** Snapshots of other migrations (42 MB each) are not reused: remove them. */
async function removeStaleSnapshots(current: string): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => []);
  for (const name of names) {
    const file = path.join(tmpdir(), name);
    if (/^portico-pglite-[0-9a-f]{12}\.tar$/.test(name) && file !== current) {
      await rm(file, { force: true }).catch(() => {});
    }
  }
}

async function chooseServer(): Promise<Server> {
  if (process.env.TEST_DATABASE === 'pglite') {
    console.info('[db] TEST_DATABASE=pglite: tests on PGlite');
    return { kind: 'pglite' };
  }
  const configured = process.env.TEST_DATABASE_URL;
  if (!configured && !(await answers(LOCAL_SERVER_URL))) {
    console.info('[db] no PostgreSQL answered: tests on PGlite');
    return { kind: 'pglite' };
  }
  const adminUrl = configured ?? LOCAL_SERVER_URL;
  const template = await currentTemplateName();
  await ensureTemplate(adminUrl, template);
  const source = configured ? 'TEST_DATABASE_URL, ' : '';
  console.info(`[db] tests on PostgreSQL ${hostAndPort(adminUrl)} (${source}template ${template})`);
  return { kind: 'postgres', adminUrl, template };
}

/**
 * A template of other migrations is dropped only when no checkout has used it for this long:
 * two checkouts with different migrations (a branch, a fresh clone in CI) may test on one server
 * at the same time, and dropping the other's template under it fails its clones.
 */
export const STALE_TEMPLATE_MS = 60 * 60 * 1000;

/**
 * Creates and migrates the template unless a complete one exists; drops the stale ones. Each use
 * stamps the template's comment with the time, which is how "stale" is told.
 */
export async function ensureTemplate(adminUrl: string, template: string): Promise<void> {
  await withLockedAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{
      datname: string;
      datistemplate: boolean;
      used: string | null;
    }>(
      `SELECT datname, datistemplate, shobj_description(oid, 'pg_database') AS used
         FROM pg_database WHERE datname LIKE $1`,
      [`${TEMPLATE_PREFIX}%`],
    );
    for (const row of rows) {
      if (row.datname === template && row.datistemplate) continue;
      // The current name without the template flag is a build that did not finish: it goes.
      // Another hash goes once nobody has used it for STALE_TEMPLATE_MS.
      const lastUse = Number(row.used);
      if (row.datname !== template && Date.now() - lastUse < STALE_TEMPLATE_MS) continue;
      await admin.query(`ALTER DATABASE "${row.datname}" WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE "${row.datname}" WITH (FORCE)`);
    }
    if (isLocal(adminUrl)) await dropOrphanClones(admin);
    if (!rows.some((row) => row.datname === template && row.datistemplate)) {
      await admin.query(`CREATE DATABASE "${template}"`);
      await migratePostgres(withDatabase(adminUrl, template));
      // The flag marks the template complete (see above) and lets any role clone it.
      await admin.query(`ALTER DATABASE "${template}" WITH IS_TEMPLATE true`);
    }
    await admin.query(`COMMENT ON DATABASE "${template}" IS '${Date.now()}'`);
  });
}

/**
 * Test databases whose process is gone (killed before `drop()`): their names carry the pid.
 * Only on a local server, where this machine's pids are the ones that matter.
 */
async function dropOrphanClones(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE $1`,
    [`${CLONE_PREFIX}%`],
  );
  for (const { datname } of rows) {
    const pid = Number(/^portico_test_(\d+)_/.exec(datname)?.[1]);
    if (pid && !isAlive(pid))
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The template of this checkout's migrations. */
export async function currentTemplateName(): Promise<string> {
  return `${TEMPLATE_PREFIX}${await migrationsHash()}`;
}

/** A short hash of the migrations' names and contents: the template's identity. */
async function migrationsHash(): Promise<string> {
  return (await hashMigrations(createHash('sha256'))).digest('hex').slice(0, 12);
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: LOCAL_PROBE_TIMEOUT_MS,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  admin.on('error', () => {});
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end().catch(() => {});
  }
}

function withLockedAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  return withAdmin(url, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1::bigint)', [TEMPLATE_LOCK_KEY]);
    try {
      return await work(admin);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1::bigint)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function hostAndPort(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
}

function isLocal(url: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
}
export { startDatabaseRelay, type DatabaseRelay } from './relay.js';
