import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db.js';
import type { MailQueueState } from '../mail/queue-state.js';
import { readMailQueueState } from '../mail/queue-state.js';
import type { SessionStateReadCounts } from '../sessions/session-state-reads.js';
import { sessionStateReadCounts } from '../sessions/session-state-reads.js';

/**
 * Portico's Prometheus metrics (docs/operations.md, "Metrics"): one registry per app, so tests
 * that build several apps in one process keep theirs apart. Counters are bumped where things
 * happen (HTTP hooks, sign-in routes, bans, the mail worker); gauges of shared state (the mail
 * queue, the database pool) are read when Prometheus scrapes, never on a request's path.
 */
export interface PorticoMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  signIns: Counter<'method' | 'outcome'>;
  ipBans: Counter<'reason'>;
  mailJobs: Counter<'kind' | 'outcome'>;
}

/** Seconds: from a cached session check (~1 ms) to a slow argon2 sign-in under load. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(db: Database): PorticoMetrics {
  const registry = new Registry();
  // Process and Node.js metrics: CPU, memory, handles, GC and event-loop lag
  // (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const metrics: PorticoMetrics = {
    registry,
    // Its _count is the number of requests: no counter beside it, which would cost every
    // request a second label lookup in prom-client.
    httpDuration: new Histogram({
      name: 'portico_http_request_duration_seconds',
      help: 'Time from the request to its answer, by method, route pattern and status (_count: requests answered)',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    signIns: new Counter({
      name: 'portico_sign_ins_total',
      help: 'Sign-in attempts by method (password, device_code, autologin) and outcome (success or the answer code)',
      labelNames: ['method', 'outcome'],
      registers,
    }),
    ipBans: new Counter({
      name: 'portico_ip_bans_total',
      help: 'IP bans recorded by this replica, by reason (rate_limit, credential_stuffing)',
      labelNames: ['reason'],
      registers,
    }),
    mailJobs: new Counter({
      name: 'portico_mail_jobs_total',
      help: 'Mail queue jobs worked by this replica, by kind (mail, password.forgot, oidc.backchannel_logout) and outcome (done, retry, given_up)',
      labelNames: ['kind', 'outcome'],
      registers,
    }),
  };

  // The three mail gauges share one query per scrape: prom-client collects every metric at
  // once, so the first collect starts the read and the others wait for the same answer.
  let reading: Promise<MailQueueState | undefined> | undefined;
  const readQueue = () =>
    (reading ??= readMailQueueState(db)
      // The database is out: no figure rather than a stale one (readiness says why).
      .catch(() => undefined)
      .finally(() => {
        reading = undefined;
      }));
  const mail = (name: string, help: string, pick: keyof MailQueueState) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const state = await readQueue();
        if (state) this.set(state[pick]);
        else this.reset();
      },
    });
  mail(
    'portico_mail_queue_depth',
    'Mail queue jobs waiting (due, held by a worker, or set back after a failure)',
    'queued',
  );
  mail('portico_mail_queue_due', 'Mail queue jobs due now', 'due');
  mail(
    'portico_mail_queue_oldest_due_seconds',
    'How long the oldest due job that no worker holds has waited past its time',
    'oldestDueSeconds',
  );

  const pool = (name: string, help: string, pick: 'total' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const use = db.poolUse();
        if (use) this.set(use[pick]);
      },
    });
  pool('portico_db_pool_connections', 'PostgreSQL pool connections open', 'total');
  pool('portico_db_pool_idle', 'PostgreSQL pool connections open and idle', 'idle');
  pool('portico_db_pool_waiting', 'Queries waiting for a PostgreSQL pool connection', 'waiting');

  // The session guard's reads and the statements that answered them (session-state-reads.ts):
  // counted by the reader, read here, so a request pays nothing for them.
  const sessionReads = (name: string, help: string, pick: keyof SessionStateReadCounts) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(sessionStateReadCounts(db)[pick]);
      },
    });
  sessionReads(
    'portico_session_state_reads_total',
    'Session states the session guard read (requests whose session profile this replica keeps)',
    'reads',
  );
  sessionReads(
    'portico_session_state_statements_total',
    'Statements that answered them: the reads of requests that arrive together share one',
    'statements',
  );
  return metrics;
}
