import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { measureHttp } from './http-metrics.js';
import { METRICS_PATH, scrape, startMetricsServer } from './metrics-endpoint.js';
import type { PorticoMetrics } from './registry.js';
import { createMetrics } from './registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics (METRICS=true), undefined when off: callers write `app.metrics?.`. */
    metrics: PorticoMetrics | undefined;
  }
}

/**
 * METRICS=true: Prometheus metrics at GET /metrics (docs/operations.md, "Metrics"), behind
 * METRICS_TOKEN (a bearer token) when set, and on METRICS_PORT instead of the API's port when
 * set. Off (the default), nothing is measured and /metrics is not found. Registered before the
 * routes, whose answers it times.
 */
export const metricsPlugin = fp(async function metricsSetup(app: FastifyInstance) {
  if (!app.config.METRICS) {
    app.decorate('metrics', undefined);
    return;
  }
  const metrics = createMetrics(app.db);
  app.decorate('metrics', metrics);
  measureHttp(app, metrics, METRICS_PATH);
  const token = app.config.METRICS_TOKEN;
  const port = app.config.METRICS_PORT;

  if (port === undefined) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const answer = await scrape(metrics.registry, token, request.headers.authorization);
      if (answer.status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    });
    return;
  }
  let server: Server | undefined;
  app.addHook('onReady', async () => {
    server = await startMetricsServer(metrics.registry, token, app.config.HOST, port);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });
});
