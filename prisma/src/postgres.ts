import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { Database, OpenDatabaseOptions } from './client.js';
import { inOpenTransaction, ormClient, sqlTransaction, withTimeout } from './client.js';
import { migratePostgres } from './migrate.js';
import { withSqlTransaction } from './sql-transaction.js';

/** The Database on PostgreSQL: Prisma through `@prisma/adapter-pg`, hot paths on the `pg` pool. */
export function openPostgres(url: string, options: OpenDatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client that loses its server emits 'error' on the pool; unhandled, it would end the
  // process. The pool discards that client and opens another when needed.
  pool.on('error', options.onPoolError ?? (() => {}));
  const prisma = ormClient(new PrismaPg(pool), options);
  let closed: Promise<void> | undefined;
  return {
    prisma,
    kind: 'postgres',
    query: <T>(name: string, text: string, values: readonly unknown[] = []) =>
      inOpenTransaction<T>(name, text, values) ??
      pool.query(namedQuery(name, text, values)).then((result) => result.rows as T[]),
    transaction: (work) => sqlTransaction(work, (inside) => onOneConnection(pool, inside)),
    migrate: () => migratePostgres(url, options.migrations),
    ping: () => withTimeout(pool.query('SELECT 1').then(() => true)),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close() {
      closed ??= prisma.$disconnect().finally(() => pool.end());
      return closed;
    },
  };
}

/**
 * A named (prepared) statement as pg's own Query, made from its text: given a config object
 * (`{ name, text, values }`), pg copies it on every call with getOwnPropertyDescriptors and
 * defineProperties, some 1.7 µs a statement on a warm core and several times that beside argon2
 * (docs/benchmarks.md, issue 16's twelfth pass); a Query made from a string is not copied, and
 * pg and its pool run a Query (a Submittable) as it is, answering with the same result.
 */
class NamedQuery extends pg.Query {
  constructor(
    name: string,
    text: string,
    values: readonly unknown[],
    callback?: (error: Error | undefined, result: { rows: unknown[] }) => void,
  ) {
    super(text, values.map(parameterOf), callback);
    // Read when pg submits the query: a name makes it prepared once per connection.
    (this as { name?: string }).name = name;
  }
}

/**
 * A statement's parameter as pg is to send it: a valid Date as its ISO text, which PostgreSQL
 * reads by the column or the cast as it reads pg's own form (pg formats each Date in local
 * time, field by field, on every call: 1.2% of a sign-in's main thread beside argon2). Anything
 * else, an invalid Date included, is left to pg.
 */
function parameterOf(value: unknown): unknown {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : value;
}

/**
 * Typed as a config object for `query`: @types/pg types a Submittable's `query` as answering the
 * Submittable itself, while pg (and pg-pool, which always answers a promise) hand back its
 * result like any query's.
 */
function namedQuery(name: string, text: string, values: readonly unknown[]): pg.QueryConfig {
  return new NamedQuery(name, text, values) as unknown as pg.QueryConfig;
}

/**
 * A named statement on one connection: a client given a Submittable answers the Submittable,
 * so its result comes through the Query's callback.
 */
function onConnection<R>(
  connection: pg.PoolClient,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<R[]> {
  return new Promise((resolve, reject) => {
    connection.query(
      new NamedQuery(name, text, values, (error, result) =>
        error ? reject(error) : resolve(result.rows as R[]),
      ),
    );
  });
}

/** `work` in a transaction on one pooled connection (Database.transaction). */
async function onOneConnection<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  // A connection whose ROLLBACK failed is in an unknown state: the pool closes it.
  let broken = false;
  try {
    await connection.query('BEGIN');
    const result = await withSqlTransaction(
      <R>(name: string, text: string, values: readonly unknown[]) =>
        onConnection<R>(connection, name, text, values),
      work,
    );
    await connection.query('COMMIT');
    return result;
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    connection.release(broken);
  }
}
