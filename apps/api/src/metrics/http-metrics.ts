import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Histogram } from 'prom-client';
import type { PorticoMetrics } from './registry.js';

/** The histogram's child of one label set, made once: a request costs two map lookups. */
type Series = Histogram.Internal<'method' | 'route' | 'status'>;

/** A route's series by method then status (a route may serve several methods). */
function seriesOf(metrics: PorticoMetrics, route: string) {
  const byMethod = new Map<string, Map<number, Series>>();
  return (method: string, status: number): Series => {
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = metrics.httpDuration.labels({ method, route, status: String(status) });
      byStatus.set(status, series);
    }
    return series;
  };
}

function observer(metrics: PorticoMetrics, route: string): onResponseHookHandler {
  const series = seriesOf(metrics, route);
  return function observe(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    series(request.method, reply.statusCode).observe(reply.elapsedTime / 1000);
    done();
  };
}

/** Requests no route matched: one label, so a scanner's random paths add no series. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times (and so counts) every answer by its route's pattern (`/v1/users/:id`, never the raw URL, so
 * the labels stay few). Each route gets its own onResponse hook, made when the route is added,
 * which knows the pattern already; requests that match no route are counted by one hook of the
 * app under `unmatched`. Must be registered before the routes.
 */
export function measureHttp(app: FastifyInstance, metrics: PorticoMetrics, skip: string): void {
  app.addHook('onRoute', (route) => {
    if (route.url === skip) return;
    const observe = observer(metrics, route.url);
    const hooks = route.onResponse;
    route.onResponse =
      hooks === undefined
        ? [observe]
        : Array.isArray(hooks)
          ? [...hooks, observe]
          : [hooks, observe];
  });
  const unmatched = observer(metrics, UNMATCHED_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched.call(app, request, reply, done);
    else done();
  });
}
