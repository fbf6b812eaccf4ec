import type { Database } from '../db.js';

/** The mail queue at a glance (metrics on scrape, readiness): one cheap query. */
export interface MailQueueState {
  /** Every job waiting: due, claimed or set back after a failure. */
  queued: number;
  /** Jobs due now (including those a worker holds). */
  due: number;
  /** How long the oldest due, unclaimed job has waited past its time (0 when none). */
  oldestDueSeconds: number;
}

const STATE_SQL = `
  SELECT count(*)::int AS queued,
         count(*) FILTER (WHERE next_attempt_at <= now())::int AS due,
         coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (
           WHERE next_attempt_at <= now() AND (locked_until IS NULL OR locked_until <= now())
         )), 0)::float8 AS oldest_due_seconds
    FROM mail_jobs`;

export async function readMailQueueState(db: Database): Promise<MailQueueState> {
  const [row] = await db.query<{ queued: number; due: number; oldest_due_seconds: number }>(
    'portico_mail_queue_state',
    STATE_SQL,
  );
  return {
    queued: row?.queued ?? 0,
    due: row?.due ?? 0,
    oldestDueSeconds: Number(row?.oldest_due_seconds ?? 0),
  };
}
