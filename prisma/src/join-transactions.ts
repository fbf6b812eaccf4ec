import { AsyncLocalStorage } from 'node:async_hooks';
import type { Prisma, PrismaClient } from './generated/prisma/client.js';

/** The interactive transaction whose callback is running, if any. */
const openTransaction = new AsyncLocalStorage<Prisma.TransactionClient>();

type TransactionCallback = (tx: Prisma.TransactionClient) => Promise<unknown>;

/** The interactive transaction whose callback is running here, if any (see Database.query). */
export function currentTransaction(): Prisma.TransactionClient | undefined {
  return openTransaction.getStore();
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
 */
export function joinTransactions(client: PrismaClient): PrismaClient {
  const transaction = (arg: unknown, options?: unknown) => {
    const open = openTransaction.getStore();
    if (typeof arg === 'function') {
      const callback = arg as TransactionCallback;
      if (open) return callback(open);
      return (client.$transaction as (fn: TransactionCallback, o?: unknown) => Promise<unknown>)(
        (tx) => openTransaction.run(tx, () => callback(tx)),
        options,
      );
    }
    // Batch form: its queries were built through this proxy, so inside a transaction they
    // already belong to it.
    if (open) return Promise.all(arg as Promise<unknown>[]);
    return (client.$transaction as (batch: unknown, o?: unknown) => Promise<unknown>)(arg, options);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === '$transaction') return transaction;
      const open = CLIENT_ONLY.has(property) ? undefined : openTransaction.getStore();
      const source: object = open && property in open ? open : target;
      const value: unknown = Reflect.get(source, property);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(source)
        : value;
    },
  });
}
