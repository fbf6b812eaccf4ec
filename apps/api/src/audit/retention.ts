import type { Database } from '../db.js';

/**
 * Audit retention (AUDIT_RETENTION_DAYS; docs/operations.md, "Retention"): events older than
 * the setting are deleted in bounded batches, each its own short statement, with a pause
 * between them, so the table is never locked for long and replication keeps up.
 *
 * A batch looks at the `batch` oldest rows by id (the primary key's index: no scan of the rest
 * of the table) and deletes those past the cutoff. Ids grow with time (`at` is the inserting
 * transaction's start, at most its 30 s timeout earlier than a later id's), so the run stops at
 * the first window that holds a recent row: everything older has gone, give or take those
 * seconds, which the next run takes.
 *
 * Several replicas run the job: each batch takes a transaction-scoped advisory lock first and a
 * replica that does not get it skips its run, so two replicas never delete side by side.
 */
export const RETENTION_BATCH = 5000;
export const RETENTION_PAUSE_MS = 250;

const PRUNE_SQL = `
  WITH lock AS (SELECT pg_try_advisory_xact_lock(hashtext('portico:audit-retention')) AS held),
  oldest AS (
    SELECT id, at FROM audit_events
     WHERE (SELECT held FROM lock)
     ORDER BY id
     LIMIT $2),
  gone AS (
    DELETE FROM audit_events WHERE id IN (SELECT id FROM oldest WHERE at < $1)
    RETURNING 1)
  SELECT (SELECT held FROM lock) AS held,
         (SELECT count(*) FROM oldest)::int AS examined,
         (SELECT count(*) FROM gone)::int AS deleted`;

export interface PruneOptions {
  days: number;
  batch?: number;
  pauseMs?: number;
  now?: Date;
  /** Asked between batches: the app is closing. */
  stopped?: () => boolean;
  /** Told each batch's deletions (tests see that batches stay bounded). */
  onBatch?: (deleted: number) => void;
}

export interface PruneResult {
  deleted: number;
  batches: number;
  /** Another replica held the lock: this run did nothing. */
  skipped: boolean;
}

export async function pruneAuditEvents(db: Database, options: PruneOptions): Promise<PruneResult> {
  const batch = options.batch ?? RETENTION_BATCH;
  const pauseMs = options.pauseMs ?? RETENTION_PAUSE_MS;
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.days * 86_400_000);
  const result: PruneResult = { deleted: 0, batches: 0, skipped: false };
  for (;;) {
    const [row] = await db.query<{ held: boolean; examined: number; deleted: number }>(
      'portico_audit_prune',
      PRUNE_SQL,
      [cutoff, batch],
    );
    if (!row?.held) {
      result.skipped = result.batches === 0;
      return result;
    }
    result.batches += 1;
    result.deleted += row.deleted;
    options.onBatch?.(row.deleted);
    // A window with a recent row, or the end of the table: nothing older is left.
    if (row.deleted < row.examined || row.examined < batch) return result;
    if (options.stopped?.()) return result;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
