import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { pruneAuditEvents } from './retention.js';

/** Audit retention: old events go in bounded batches, recent ones stay, replicas take turns. */

const DAY = 86_400_000;

describe('audit retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUDIT_RETENTION_DAYS: '30' });
  });
  afterAll(() => t.close());

  /** Events in the order they happened (ids grow with time, as in production). */
  async function writeEvents(ages: number[], action: string): Promise<void> {
    const now = Date.now();
    for (const days of ages) {
      await t.db.prisma.auditEvent.create({
        data: { action, target: `${days}d`, at: new Date(now - days * DAY) },
      });
    }
  }
  const countOf = (action: string) => t.db.prisma.auditEvent.count({ where: { action } });

  it('deletes events past the retention in bounded batches and keeps the recent ones', async () => {
    await t.db.prisma.auditEvent.deleteMany();
    await writeEvents([400, 300, 200, 100, 90, 61, 45, 40, 31], 'test.old');
    await writeEvents([29, 10, 1, 0], 'test.recent');
    const batches: number[] = [];
    const result = await pruneAuditEvents(t.db, {
      days: 30,
      batch: 4,
      pauseMs: 1,
      onBatch: (deleted) => batches.push(deleted),
    });
    // 9 old events, 4 at a time: 4, 4, then a window with 1 old and 3 recent ones.
    expect(batches).toEqual([4, 4, 1]);
    expect(result).toEqual({ deleted: 9, batches: 3, skipped: false });
    expect(await countOf('test.old')).toBe(0);
    expect(await countOf('test.recent')).toBe(4);

    // Nothing more to do: one batch that looks and deletes nothing.
    expect(await pruneAuditEvents(t.db, { days: 30, batch: 4 })).toEqual({
      deleted: 0,
      batches: 1,
      skipped: false,
    });
  });

  it('runs in this replica with the configured days', async () => {
    await writeEvents([31, 32], 'test.configured');
    await writeEvents([29], 'test.configured_recent');
    const job = t.app.auditRetention;
    expect(job).toBeDefined();
    const result = await job?.run();
    expect(result?.deleted).toBeGreaterThanOrEqual(2);
    expect(await countOf('test.configured')).toBe(0);
    expect(await countOf('test.configured_recent')).toBe(1);
  });

  it('skips its run while another replica holds the job', async () => {
    await writeEvents([100, 100], 'test.while_locked');
    let release: () => void = () => {};
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another replica: the same advisory lock, held by a transaction on another connection.
    const holder = t.db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext('portico:audit-retention'))) AS l`;
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    expect(await pruneAuditEvents(t.db, { days: 30 })).toEqual({
      deleted: 0,
      batches: 0,
      skipped: true,
    });
    expect(await countOf('test.while_locked')).toBe(2);
    release();
    await holder;
    expect((await pruneAuditEvents(t.db, { days: 30 })).deleted).toBe(2);
  });

  it('is off when AUDIT_RETENTION_DAYS is 0 (the default)', async () => {
    const keep = await startTestApp();
    try {
      expect(keep.app.auditRetention).toBeUndefined();
    } finally {
      await keep.close();
    }
  });
});
