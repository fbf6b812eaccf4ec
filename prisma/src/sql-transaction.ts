import { AsyncLocalStorage } from 'node:async_hooks';

/** Runs one statement on an open SQL transaction (Database.transaction) and answers its rows. */
export type SqlRunner = <T>(name: string, text: string, values: readonly unknown[]) => Promise<T[]>;

interface OpenSqlTransaction {
  run: SqlRunner;
  open: boolean;
}

const openSqlTransaction = new AsyncLocalStorage<OpenSqlTransaction>();

/**
 * SQL transactions open in this process. While none is, the store is disabled, as
 * join-transactions.ts does for the ORM's: an enabled AsyncLocalStorage taxes every promise.
 */
let sqlTransactionsOpen = 0;

/**
 * The SQL transaction whose callback runs here, while it is open (a timer or an unawaited promise
 * the callback started still carries it, and must not reach a connection given back to the pool).
 */
export function currentSqlTransaction(): SqlRunner | undefined {
  const store = openSqlTransaction.getStore();
  return store?.open ? store.run : undefined;
}

/** Whether code runs inside an open SQL transaction (Database.transaction). */
export function inSqlTransaction(): boolean {
  return currentSqlTransaction() !== undefined;
}

/** Runs `work` with `run` as the open SQL transaction: Database.query inside goes to it. */
export async function withSqlTransaction<T>(run: SqlRunner, work: () => Promise<T>): Promise<T> {
  const store: OpenSqlTransaction = { run, open: true };
  sqlTransactionsOpen += 1;
  try {
    return await openSqlTransaction.run(store, work);
  } finally {
    store.open = false;
    sqlTransactionsOpen -= 1;
    if (sqlTransactionsOpen === 0) openSqlTransaction.disable();
  }
}
