import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PruneResult } from './retention.js';
import { pruneAuditEvents } from './retention.js';

/** How often each replica runs the retention job, and the first run's delay after start. */
export const RETENTION_EVERY_MS = 60 * 60_000;
const FIRST_RUN_MAX_DELAY_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit retention job of this replica (undefined when AUDIT_RETENTION_DAYS is 0). */
    auditRetention: { run(): Promise<PruneResult> } | undefined;
  }
}

/**
 * Runs the audit retention job (retention.ts) every hour in this process when
 * AUDIT_RETENTION_DAYS is set; the first run comes within five minutes of the start, at a
 * random moment so replicas started together do not all try at once. Closing the app waits
 * for a run in progress to finish its batch.
 */
export const auditRetentionPlugin = fp(async function auditRetention(app: FastifyInstance) {
  const days = app.config.AUDIT_RETENTION_DAYS;
  if (days === 0) {
    app.decorate('auditRetention', undefined);
    return;
  }
  let stopped = false;
  let running: Promise<PruneResult> | undefined;

  function run(): Promise<PruneResult> {
    running ??= pruneAuditEvents(app.db, { days, stopped: () => stopped })
      .then((result) => {
        if (result.deleted > 0) {
          app.log.info({ deleted: result.deleted, days }, 'audit events past retention deleted');
        }
        return result;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function scheduled(): void {
    if (stopped) return;
    run().catch((error: unknown) => {
      // The database may be out (outage): the next run tries again.
      app.log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'audit retention did not run',
      );
    });
  }

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      scheduled();
      timer = setInterval(scheduled, RETENTION_EVERY_MS);
      timer.unref();
    }, Math.random() * FIRST_RUN_MAX_DELAY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
  app.decorate('auditRetention', { run });
});
