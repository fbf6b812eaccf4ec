import { expect } from 'vitest';
import type { TestApp } from './harness.js';

/** A row held by a transaction of the test's own, for ordering a race deterministically. */
export interface HeldRow {
  /** Waits until exactly `count` statements of the database wait on a lock. */
  waitingOnLocks(count: number): Promise<void>;
  /** Ends the holding transaction: the waiting statements go on in the order they queued. */
  release(): Promise<void>;
}

/**
 * Locks one row (`FOR UPDATE`) in a transaction of its own until released. Requests started
 * meanwhile queue on it in the order the test starts them (waitingOnLocks between them), so a
 * race between them runs in that order every time.
 */
export async function holdRow(t: TestApp, table: string, id: string): Promise<HeldRow> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.db.prisma.$transaction(
    async (tx) => {
      // The table is the test's own constant, never input.
      await tx.$queryRawUnsafe(`SELECT id FROM ${table} WHERE id = $1 FOR UPDATE`, id);
      locked();
      await held;
    },
    { timeout: 20_000 },
  );
  await isLocked;
  return {
    waitingOnLocks: (count) => expect.poll(() => locksWaiting(t)).toBe(count),
    release: async () => {
      release();
      await holder;
    },
  };
}

/** How many statements of the test's database wait on a lock (a row's or an advisory one). */
export async function locksWaiting(t: TestApp): Promise<number> {
  const [row] = await t.db.prisma.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return Number(row?.n ?? 0);
}
