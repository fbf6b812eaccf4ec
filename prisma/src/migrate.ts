import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsDir as defaultMigrationsDir, schemaPath as defaultSchemaPath } from './paths.js';
import { wholeScripts } from './whole-scripts.js';
import { noFilters, withSchemaEngine } from './schema-engine.js';

export interface MigrationSource {
  /** Folder of `<timestamp>_<name>/migration.sql` (default: the package's `migrations/`). */
  migrationsDir?: string;
  /** The Prisma schema (default: the package's `schema.prisma`). */
  schemaPath?: string;
  /** Receives the schema engine's log lines. */
  onLog?: (line: string) => void;
}

export interface MigrateResult {
  /** Names of the migrations applied by this call, oldest first; empty when up to date. */
  applied: string[];
}

/** Key of the advisory lock that serialises migrations of one PostgreSQL database. */
const MIGRATE_LOCK_KEY = '7265104113';
/** How long a process waits for another one's migration before giving up. */
const MIGRATE_LOCK_WAIT_MS = 120_000;

/**
 * The migrations folder as the schema engine wants it (what the Prisma CLI reads from disk):
 * the lock file and every sub-folder's `migration.sql`, sorted by name.
 *
 * Read synchronously: it runs at start, before the server listens, while the machine is busy
 * compiling WebAssembly, and each of its some 70 asynchronous file operations then waited for a
 * thread-pool thread to be scheduled: 200 to 350 ms for 17 small files, against 4 to 12 ms read
 * in turn on the main thread (docs/benchmarks.md, "Cold start").
 */
export async function readMigrations(dir = defaultMigrationsDir): Promise<MigrationList> {
  const lockPath = 'migration_lock.toml';
  const lockContent = readOrNull(path.join(dir, lockPath));
  let entries: Dirent[] = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b));
  const migrationDirectories = folders.map((name) => {
    let content: { tag: 'ok'; value: string } | { tag: 'error'; value: string };
    try {
      content = { tag: 'ok', value: readFileSync(path.join(dir, name, 'migration.sql'), 'utf8') };
    } catch (error) {
      content = { tag: 'error', value: (error as Error).message };
    }
    return { path: name, migrationFile: { path: 'migration.sql', content } };
  });
  return {
    baseDir: dir,
    lockfile: { path: lockPath, content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Feeds each migration's folder name and script into `hash`, oldest first: what a database made
 * from these migrations is keyed by (the test template and snapshot, the build's PGlite
 * snapshot), so an edited or added migration gives another key.
 */
export async function hashMigrations(hash: Hash, dir?: string): Promise<Hash> {
  for (const migration of (await readMigrations(dir)).migrationDirectories) {
    const content = migration.migrationFile.content;
    hash.update(`${migration.path}\0${content.tag === 'ok' ? content.value : ''}\0`);
  }
  return hash;
}

/**
 * Applies the migrations not yet recorded in `_prisma_migrations` through the schema engine
 * (what `prisma migrate deploy` does) and returns their names. Idempotent.
 */
export async function applyMigrationsWith(
  factory: SqlMigrationAwareDriverAdapterFactory,
  source: MigrationSource = {},
  migrationsList?: MigrationList,
): Promise<MigrateResult> {
  const schema = await readFile(source.schemaPath ?? defaultSchemaPath, 'utf8');
  const list = migrationsList ?? (await readMigrations(source.migrationsDir));
  const onLog = source.onLog;
  const output = await withSchemaEngine(
    factory,
    { schema, ...(onLog ? { onLog } : {}) },
    (engine) => engine.applyMigrations({ migrationsList: list, filters: noFilters }),
  );
  return { applied: output.appliedMigrationNames };
}

/** What the up-to-date check reads of `_prisma_migrations`, one row per recorded attempt. */
const RECORDED_MIGRATIONS = `SELECT migration_name, checksum,
    finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
  FROM _prisma_migrations`;

interface RecordedMigration {
  migration_name: string;
  checksum: string;
  finished: boolean;
  rolled_back: boolean;
}

/**
 * Whether the database records exactly the folder's migrations, each applied once, finished,
 * not rolled back, and with the checksum of its file as it is now (Prisma's: the SHA-256 of the
 * script). Then the schema engine would find nothing to do, and loading it (a WebAssembly module)
 * is most of a restart's migration step: it is skipped. Anything else (a pending, failed, edited,
 * rolled-back or unknown migration, or no table yet) goes to the engine, which decides as it
 * always did.
 */
async function isUpToDate(
  recorded: () => Promise<RecordedMigration[]>,
  migrationsList: MigrationList,
): Promise<boolean> {
  let rows: RecordedMigration[];
  try {
    rows = await recorded();
  } catch {
    return false;
  }
  const expected = new Map<string, string>();
  for (const directory of migrationsList.migrationDirectories) {
    const content = directory.migrationFile.content;
    if (content.tag !== 'ok') return false;
    expected.set(directory.path, createHash('sha256').update(content.value).digest('hex'));
  }
  if (rows.length !== expected.size) return false;
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.finished || row.rolled_back || seen.has(row.migration_name)) return false;
    if (expected.get(row.migration_name) !== row.checksum) return false;
    seen.add(row.migration_name);
  }
  return true;
}

/**
 * Migrates the PostgreSQL database at `url`. Another process migrating the same database at the
 * same moment (two API replicas starting) waits on an advisory lock, then finds nothing to do.
 */
export async function migratePostgres(
  url: string,
  source: MigrationSource = {},
): Promise<MigrateResult> {
  // Loaded here, not at the top: the embedded database never needs `pg` (client.ts).
  const { default: pg } = await import('pg');
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query(`SET statement_timeout = ${MIGRATE_LOCK_WAIT_MS}`);
    await lock
      .query('SELECT pg_advisory_lock($1::bigint)', [MIGRATE_LOCK_KEY])
      .catch((error: Error) => {
        throw new Error(
          `Timed out waiting for another migration of this database: ${error.message}`,
        );
      });
    await lock.query('SET statement_timeout = 0');
    const migrationsList = await readMigrations(source.migrationsDir);
    const recorded = () =>
      lock.query<RecordedMigration>(RECORDED_MIGRATIONS).then((result) => result.rows);
    if (await isUpToDate(recorded, migrationsList)) return { applied: [] };
    // A pool of its own: the engine holds connections while it works, and idle connections must
    // not be closed under it (idleTimeoutMillis 0) before `end()`.
    const pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 0 });
    pool.on('error', () => {});
    try {
      const { PrismaPg } = await import('@prisma/adapter-pg');
      return await applyMigrationsWith(
        forMigrations(new PrismaPg(pool), pool),
        source,
        migrationsList,
      );
    } finally {
      await pool.end();
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATE_LOCK_KEY]).catch(() => {});
    await lock.end();
  }
}

/** Migrates an open PGlite database (one process owns it: no lock needed). */
export async function migratePglite(
  client: PGlite,
  source: MigrationSource = {},
): Promise<MigrateResult> {
  const migrationsList = await readMigrations(source.migrationsDir);
  const recorded = () =>
    client.query<RecordedMigration>(RECORDED_MIGRATIONS).then((result) => result.rows);
  if (await isUpToDate(recorded, migrationsList)) return { applied: [] };
  const { PglitePrismaAdapterFactory } = await import('./pglite.js');
  return applyMigrationsWith(new PglitePrismaAdapterFactory(client), source, migrationsList);
}

/**
 * `@prisma/adapter-pg` as the schema engine needs it to apply migrations:
 * - each migration's script goes to the server whole, as one multi-statement query (what
 *   `prisma migrate deploy` sends, so it is also one transaction): the adapter splits scripts at
 *   every `;`, which cuts function bodies apart and leaves a failing migration half-applied;
 * - no shadow database: the adapter would create one by name and then, given a connection
 *   string, connect to the main database instead: refuse outright.
 */
function forMigrations(
  factory: SqlMigrationAwareDriverAdapterFactory,
  pool: pg.Pool,
): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => wholeScripts(await factory.connect(), (script) => pool.query(script)),
    connectToShadowDb: (): Promise<SqlDriverAdapter> =>
      Promise.reject(new Error('No shadow database is used when applying migrations.')),
  };
}
