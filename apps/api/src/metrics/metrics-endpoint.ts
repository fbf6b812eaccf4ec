import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Registry } from 'prom-client';

/** The path Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

/**
 * Whether an Authorization header carries the bearer token. Both sides are hashed first, so the
 * comparison takes the same time whatever the header's length or content.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

export interface Scrape {
  status: 200 | 401;
  contentType: string;
  body: string;
}

/** The answer to one scrape: the registry in Prometheus text format, or 401 without the token. */
export async function scrape(
  registry: Registry,
  token: string | undefined,
  authorization: string | undefined,
): Promise<Scrape> {
  if (token !== undefined && !bearerMatches(authorization, token)) {
    return { status: 401, contentType: 'text/plain; charset=utf-8', body: 'unauthorized\n' };
  }
  return { status: 200, contentType: registry.contentType, body: await registry.metrics() };
}

/**
 * METRICS_PORT: the metrics on a port of their own (an internal network's, say), served by a
 * bare HTTP server that answers GET /metrics and 404 otherwise.
 */
export function startMetricsServer(
  registry: Registry,
  token: string | undefined,
  host: string,
  port: number,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    scrape(registry, token, request.headers.authorization).then(
      (answer) => {
        response.writeHead(answer.status, {
          'content-type': answer.contentType,
          ...(answer.status === 401 ? { 'www-authenticate': 'Bearer realm="metrics"' } : {}),
        });
        response.end(answer.body);
      },
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
