import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../src/testing/index.js';
import type { TestDatabase } from '../src/testing/index.js';

/**
 * The shared client joins the open interactive transaction (join-transactions.ts). Its store is
 * switched off while no transaction is open, so these check that overlapping transactions each
 * keep their own, whichever ends first, and that work outliving its transaction runs outside it.
 */
describe('joining the open transaction', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const seenThroughSharedClient = (id: string) =>
    database.db.prisma.company.count({ where: { id } });

  /** A transaction that writes `id`, then waits for `release` before its shared-client read. */
  function heldTransaction(id: string, release: Promise<void>) {
    return database.db.prisma.$transaction(async (tx) => {
      await tx.company.create({ data: { id, name: id } });
      await release;
      // Through the shared client, not `tx`: joined, so the uncommitted row is there.
      return seenThroughSharedClient(id);
    });
  }

  it('a transaction still joins after another one, opened and ended meanwhile, is gone', async () => {
    if (database.db.kind === 'pglite') return; // one connection: transactions cannot overlap
    let releaseA!: () => void;
    const a = heldTransaction('join-a', new Promise<void>((resolve) => (releaseA = resolve)));
    // B opens after A and ends before it.
    await expect(heldTransaction('join-b', Promise.resolve())).resolves.toBe(1);
    releaseA();
    await expect(a).resolves.toBe(1);
    expect(await seenThroughSharedClient('join-a')).toBe(1);
  });

  it('a transaction still joins after another one, opened before it, ended first', async () => {
    if (database.db.kind === 'pglite') return;
    let releaseC!: () => void;
    let releaseD!: () => void;
    const c = heldTransaction('join-c', new Promise<void>((resolve) => (releaseC = resolve)));
    const d = heldTransaction('join-d', new Promise<void>((resolve) => (releaseD = resolve)));
    releaseC();
    await expect(c).resolves.toBe(1);
    releaseD();
    await expect(d).resolves.toBe(1);
  });

  it('work a transaction started and that outlives it runs outside it', async () => {
    // Another transaction stays open meanwhile (where there can be two at once).
    let releaseOther!: () => void;
    const other =
      database.db.kind === 'pglite'
        ? Promise.resolve(1)
        : heldTransaction('join-f', new Promise<void>((resolve) => (releaseOther = resolve)));
    let later!: Promise<number>;
    await database.db.prisma.$transaction(async (tx) => {
      await tx.company.create({ data: { id: 'join-e', name: 'E' } });
      later = new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() =>
        seenThroughSharedClient('join-e'),
      );
    });
    // Run on the closed transaction, the read would fail; outside it, it sees the commit.
    await expect(later).resolves.toBe(1);
    releaseOther?.();
    await expect(other).resolves.toBe(1);
  });
});
