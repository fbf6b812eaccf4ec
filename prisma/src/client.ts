import { PrismaClient } from './generated/prisma/client.js';
import type { Prisma } from './generated/prisma/client.js';
import type { MigrateResult, MigrationSource } from './migrate.js';
import { currentTransaction, joinTransactions } from './join-transactions.js';
import { currentSqlTransaction } from './sql-transaction.js';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string. Without it the embedded PGlite is used. */
  url?: string;
  /** PGlite's data folder (created if missing); ignored with `url`. */
  dataDir?: string;
  /** PGlite in memory (nothing kept); the default when neither `url` nor `dataDir` is given. */
  memory?: boolean;
  /** Prisma Client's log setting, e.g. `['warn', 'error']` (default: none). */
  log?: Prisma.PrismaClientOptions['log'];
  /** Connections in the PostgreSQL pool (default 10). */
  poolSize?: number;
  /** Called when an idle pooled connection fails (default: ignored; the pool replaces it). */
  onPoolError?: (error: Error) => void;
  /** Where the migrations and schema are (default: this package's). */
  migrations?: MigrationSource;
  /**
   * A new (missing or empty) PGlite data folder starts as a copy of this snapshot when it was
   * made from the same migrations and PGlite (pglite-snapshot.ts; default: the one `pnpm build`
   * makes); `false` always runs initdb and every migration.
   */
  pgliteSnapshot?: string | false;
}

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  prisma: PrismaClient;
  kind: 'postgres' | 'pglite';
  /**
   * Runs one SQL statement of a hot path (the session check, sign-in) and returns its rows,
   * without the ORM's per-query cost. On PostgreSQL it is a named prepared statement on the
   * `pg` pool: each pooled connection plans it once, where Prisma's unnamed statements are
   * planned on every execution. On PGlite it is the embedded client's query.
   *
   * `name` identifies the statement (one name, one text: `pg` refuses a name reused with other
   * SQL). `values` are `$1`, `$2`...; columns come back as `pg` parses them (timestamptz as
   * Date, int8 and numeric as strings: cast counts to int).
   *
   * Inside an interactive transaction (`prisma.$transaction(async (tx) => ...)`) the statement
   * runs on that transaction (through Prisma's raw query, so int8 comes back as bigint there):
   * it never escapes to another connection, which would read outside the transaction's snapshot
   * and, on PGlite's single connection, deadlock.
   */
  query<T>(name: string, text: string, values?: readonly unknown[]): Promise<T[]>;
  /**
   * Runs `work` in one transaction without the ORM: every `query` inside it (and only `query`)
   * runs on that transaction, which commits when `work` resolves and rolls back when it throws.
   * For what must not load the ORM's query compiler (the first start's bootstrap, before the
   * server listens). Nested in another, it joins it; inside an ORM transaction it is refused.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Applies the migrations not yet applied; returns their names. */
  migrate(): Promise<MigrateResult>;
  /** Whether the database answers a trivial query within two seconds. */
  ping(): Promise<boolean>;
  /**
   * The PostgreSQL pool's connections now (for metrics): open ones, idle ones, and requests
   * waiting for one. Undefined on PGlite, which has a single connection and no pool.
   */
  poolUse(): PoolUse | undefined;
  /** Disconnects Prisma and closes the pool or the embedded database. */
  close(): Promise<void>;
}

const PING_TIMEOUT_MS = 2000;

/**
 * Opens the database: PostgreSQL through `@prisma/adapter-pg` when `url` is given, otherwise the
 * embedded PGlite (in `dataDir`, or in memory) through `pglite-prisma-adapter`. Migrations are
 * not applied here: call `migrate()` (the API does at start-up).
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  // Each driver loads only when it is used: a server on PostgreSQL never loads PGlite, and the
  // embedded one never loads `pg` (docs/benchmarks.md, "Cold start").
  if (options.url) return (await import('./postgres.js')).openPostgres(options.url, options);
  return (await import('./embedded.js')).openPglite(options);
}

/**
 * Interactive transactions may end with an e-mail (sent last, so a refused mail rolls the change
 * back); the mailer gives up within 20 s, so the transaction must outlive that, not Prisma's 5 s
 * default.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 30_000 } as const;

/** The ORM client over a driver's adapter, joining open transactions (join-transactions.ts). */
export function ormClient(
  adapter: NonNullable<Prisma.PrismaClientOptions['adapter']>,
  options: OpenDatabaseOptions,
): PrismaClient {
  return joinTransactions(
    () =>
      new PrismaClient({
        adapter,
        log: options.log ?? [],
        transactionOptions: TRANSACTION_OPTIONS,
      }),
  );
}

/**
 * The statement run on the open transaction, if there is one (Database.query): the ORM's
 * interactive transaction, or a SQL transaction (Database.transaction).
 */
export function inOpenTransaction<T>(
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<T[]> | undefined {
  const orm = currentTransaction();
  if (orm) return orm.$queryRawUnsafe<T[]>(text, ...values);
  return currentSqlTransaction()?.<T>(name, text, values);
}

/**
 * Whether code runs inside an open transaction of either kind (the ORM's or Database.transaction),
 * where `Database.query` runs on it rather than on a connection of its own.
 */
export function inTransaction(): boolean {
  return currentTransaction() !== undefined || currentSqlTransaction() !== undefined;
}

/**
 * `begin` opens a SQL transaction for `work` (Database.transaction), unless one is open here
 * already (then `work` joins it). Refused inside an ORM transaction: its statements would not
 * be the ORM's.
 */
export function sqlTransaction<T>(
  work: () => Promise<T>,
  begin: (work: () => Promise<T>) => Promise<T>,
): Promise<T> {
  if (currentTransaction()) {
    return Promise.reject(new Error('Database.transaction inside an ORM transaction'));
  }
  return currentSqlTransaction() ? work() : begin(work);
}

/** Resolves false when `check` fails or takes longer than the ping timeout. */
export async function withTimeout(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
