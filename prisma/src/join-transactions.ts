import { AsyncLocalStorage } from 'node:async_hooks';
import type { Prisma, PrismaClient } from './generated/prisma/client.js';
import { inSqlTransaction } from './sql-transaction.js';

/** An interactive transaction whose callback is running, and what waits for its commit. */
interface OpenTransaction {
  tx: Prisma.TransactionClient;
  /** The joining client (the proxy below) the transaction was opened on. */
  client: PrismaClient;
  state: 'open' | 'committed' | 'rolled_back';
  committed: Array<() => void>;
}

const openTransaction = new AsyncLocalStorage<OpenTransaction>();

/**
 * Interactive transactions open in this process (joined ones not counted). While none is, the
 * store is disabled: on Node 20 an enabled AsyncLocalStorage runs a hook for every promise the
 * process makes, a tax on every request (most open no transaction). `run` enables it again for
 * the next transaction; with none open there is nothing a promise could carry.
 */
let transactionsOpen = 0;

type TransactionCallback = (tx: Prisma.TransactionClient) => Promise<unknown>;

/** The interactive transaction whose callback is running here, if any (see Database.query). */
export function currentTransaction(): Prisma.TransactionClient | undefined {
  return stillOpen()?.tx;
}

/**
 * The transaction this code runs in, while it is open: work a callback started that outlives
 * its transaction (a timer, an unawaited promise) still carries it, and must run outside it
 * rather than on a closed transaction.
 */
function stillOpen(): OpenTransaction | undefined {
  const store = openTransaction.getStore();
  return store?.state === 'open' ? store : undefined;
}

/**
 * The joining client that `db` belongs to: inside a transaction's callback the client the
 * transaction was opened on (whether `db` is its `tx` or the client itself), otherwise `db`.
 * Lets code handed only a `tx` find what was attached to its database (the audit sink).
 */
export function owningClient(db: object): object {
  return openTransaction.getStore()?.client ?? db;
}

/**
 * Runs `hook` once the open interactive transaction has committed, or never if it rolls back;
 * with no transaction open (the write was its own statement, already committed) at once.
 * Hooks run in order after the commit, before `$transaction` resolves; one that throws is
 * ignored (a committed change must not answer as a failure), so a hook handles its own errors.
 * For what must not happen unless the change is durable: telling another system about it.
 */
export function afterCommit(hook: () => void): void {
  const open = openTransaction.getStore();
  if (!open || open.state === 'committed') runHook(hook);
  else if (open.state === 'open') open.committed.push(hook);
}

function runHook(hook: () => void): void {
  try {
    hook();
  } catch {
    // See afterCommit: the hook owns its failures.
  }
}

/** Members that concern the client itself, never a transaction. */
const CLIENT_ONLY = new Set<PropertyKey>(['$connect', '$disconnect', '$on', '$extends', 'then']);

/**
 * Makes the client join the open transaction: inside a `$transaction(async (tx) => ...)`
 * callback, every query made through the shared client (`db.prisma.user...`, by code that was
 * handed the client rather than `tx`) runs in that transaction, and a nested `$transaction`
 * joins it instead of opening another.
 *
 * Why: PGlite (the embedded default) has one connection, so a query outside the open transaction
 * waits for it to end while the transaction waits for the query: a deadlock. On PostgreSQL the
 * same pattern reads outside the transaction's snapshot and holds a second pooled connection per
 * request, which can exhaust the pool under load.
 *
 * It also keeps the afterCommit hooks of the outermost transaction (a joined one adds to them).
 */
export function joinTransactions(makeClient: () => PrismaClient): PrismaClient {
  // Made on first use, not when the database opens: constructing Prisma's client costs some
  // 60-90 ms of a start here (docs/benchmarks.md, "Issue 16, sixth pass"), and a server answers
  // its first requests with SQL alone (Database.query).
  let made: PrismaClient | undefined;
  const real = (): PrismaClient => (made ??= makeClient());
  const transaction = async (arg: unknown, options?: unknown) => {
    const open = stillOpen();
    if (typeof arg === 'function') {
      const callback = arg as TransactionCallback;
      if (open) return callback(open.tx);
      let store: OpenTransaction | undefined;
      transactionsOpen += 1;
      try {
        const result = await (
          real().$transaction as (fn: TransactionCallback, o?: unknown) => Promise<unknown>
        )((tx) => {
          store = { tx, client: joined, state: 'open', committed: [] };
          return openTransaction.run(store, () => callback(tx));
        }, options);
        if (store) {
          store.state = 'committed';
          for (const hook of store.committed) runHook(hook);
          store.committed = [];
        }
        return result;
      } catch (error) {
        if (store) {
          store.state = 'rolled_back';
          store.committed = [];
        }
        throw error;
      } finally {
        transactionsOpen -= 1;
        if (transactionsOpen === 0) openTransaction.disable();
      }
    }
    // Batch form: its queries were built through this proxy, so inside a transaction they
    // already belong to it.
    if (open) return Promise.all(arg as Promise<unknown>[]);
    return (real().$transaction as (batch: unknown, o?: unknown) => Promise<unknown>)(arg, options);
  };
  // The target stands in for the client until it is made; every read goes to the client.
  const joined: PrismaClient = new Proxy({} as PrismaClient, {
    get(_target, property) {
      // Nothing to await, or to disconnect, before the client is made.
      if (made === undefined && property === 'then') return undefined;
      if (made === undefined && property === '$disconnect') return () => Promise.resolve();
      // Inside Database.transaction the ORM's queries would run beside it: on PGlite's one
      // connection they would wait for it while it waits for them. Refused, not deadlocked.
      const clientOnly = CLIENT_ONLY.has(property);
      if (!clientOnly && inSqlTransaction()) {
        throw new Error(`The ORM inside Database.transaction (${String(property)}): use db.query`);
      }
      if (property === '$transaction') return transaction;
      const open = clientOnly ? undefined : stillOpen()?.tx;
      const source: object = open && property in open ? open : real();
      const value: unknown = Reflect.get(source, property);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(source)
        : value;
    },
  });
  return joined;
}
