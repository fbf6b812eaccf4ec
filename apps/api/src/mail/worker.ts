import type { FastifyInstance } from 'fastify';
import type { MailJobKind, MailJobOf } from './queue.js';

/**
 * Drains the mail queue (queue.ts) in every replica: jobs are claimed with FOR UPDATE SKIP
 * LOCKED (no two workers take the same job; a crashed worker's claim runs out after
 * CLAIM_SECONDS), done, and deleted. A batch is done one job at a time, each renewing its claim
 * first: a job whose claim ran out while earlier ones were sent is skipped, not sent twice. A
 * failed job is tried again after a backoff that doubles
 * from MAIL_RETRY_MS up to MAX_BACKOFF_MS, and given up (logged as an error) after
 * MAIL_GIVE_UP_HOURS: a reset link is long expired by then. The worker runs every
 * MAIL_POLL_MS and at once when a request has just queued work (wake()).
 */

/** What a job of each kind does; it throws to be retried later. */
export type MailJobHandlers = {
  [K in MailJobKind]: (payload: Extract<MailJobOf, { kind: K }>['payload']) => Promise<void>;
};

/** SQL of the claim: due, unclaimed (or a claim that ran out) jobs, oldest first. */

interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
  /** The claim as written: still there when the worker gets to the job, or the job is another's. */
  locked_until: Date;
}

const CLAIM_SECONDS = 60;
const BATCH = 10;
const MAX_BACKOFF_MS = 15 * 60_000;

export interface MailWorker {
  /** Looks for work now (after a request queued some). */
  wake(): void;
  /** Runs until the queue has nothing due (tests and shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export function startMailWorker(app: FastifyInstance, handlers: MailJobHandlers): MailWorker {
  const config = app.config;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function claim(): Promise<ClaimedJob[]> {
    return app.db.prisma.$queryRawUnsafe<ClaimedJob[]>(
      `UPDATE mail_jobs SET locked_until = now() + interval '${CLAIM_SECONDS} seconds',
                            attempts = attempts + 1
        WHERE id IN (SELECT id FROM mail_jobs
                      WHERE next_attempt_at <= now()
                        AND (locked_until IS NULL OR locked_until <= now())
                      ORDER BY next_attempt_at
                      LIMIT ${BATCH}
                      FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, payload, attempts, created_at, locked_until`,
    );
  }

  /**
   * Renews the claim of a job of the batch just before it is done, only if it is still this
   * worker's: jobs wait their turn, and one whose claim ran out meanwhile (slow sends before it)
   * may have been claimed, sent and deleted by another replica. Such a job is left alone.
   */
  async function stillOurs(job: ClaimedJob): Promise<boolean> {
    const renewed = await app.db.prisma.$executeRawUnsafe(
      `UPDATE mail_jobs SET locked_until = now() + interval '${CLAIM_SECONDS} seconds'
        WHERE id = $1 AND locked_until = $2`,
      job.id,
      job.locked_until,
    );
    return renewed === 1;
  }

  async function work(job: ClaimedJob): Promise<void> {
    if (!(await stillOurs(job))) return;
    try {
      const handler = handlers[job.kind as MailJobKind] as
        ((payload: unknown) => Promise<void>) | undefined;
      if (!handler) throw new Error(`no handler for mail job kind ${job.kind}`);
      await handler(job.payload);
      // deleteMany: a job deleted meanwhile (an account erasure) is no failure of the send.
      await app.db.prisma.mailJob.deleteMany({ where: { id: job.id } });
      app.metrics?.mailJobs.inc({ kind: job.kind, outcome: 'done' });
      // A job may queue another (a Forgot request queues its mail): look again before resting.
      again = true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const age = Date.now() - job.created_at.getTime();
      if (age > config.MAIL_GIVE_UP_HOURS * 3600_000) {
        app.log.error(
          { job: job.id, kind: job.kind, attempts: job.attempts, reason },
          'mail given up',
        );
        await app.db.prisma.mailJob.deleteMany({ where: { id: job.id } });
        app.metrics?.mailJobs.inc({ kind: job.kind, outcome: 'given_up' });
        return;
      }
      const backoff = Math.min(config.MAIL_RETRY_MS * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
      app.log.warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, reason },
        'mail will be retried',
      );
      app.metrics?.mailJobs.inc({ kind: job.kind, outcome: 'retry' });
      await app.db.prisma.mailJob.updateMany({
        where: { id: job.id },
        data: {
          lockedUntil: null,
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoff),
        },
      });
    }
  }

  async function cycle(): Promise<void> {
    do {
      again = false;
      let jobs: ClaimedJob[];
      do {
        jobs = await claim();
        // One at a time: SMTP servers throttle parallel senders, and order is kept.
        for (const job of jobs) await work(job);
      } while (jobs.length === BATCH && !stopped);
    } while (again && !stopped);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = cycle()
      .catch((error: unknown) => {
        // The database may be out (outage): the next tick tries again.
        app.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'mail queue not drained',
        );
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = setInterval(() => {
    if (!stopped) void run();
  }, config.MAIL_POLL_MS);
  timer.unref();

  return {
    wake() {
      if (!stopped) void run();
    },
    async drain() {
      await run();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
