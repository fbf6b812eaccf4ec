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
      pool.query({ name, text, values: [...values] }).then((result) => result.rows as T[]),
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

/** `work` in a transaction on one pooled connection (Database.transaction). */
async function onOneConnection<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  // A connection whose ROLLBACK failed is in an unknown state: the pool closes it.
  let broken = false;
  try {
    await connection.query('BEGIN');
    const result = await withSqlTransaction(
      <R>(name: string, text: string, values: readonly unknown[]) =>
        connection.query({ name, text, values: [...values] }).then((answer) => answer.rows as R[]),
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
