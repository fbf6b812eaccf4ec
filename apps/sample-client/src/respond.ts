import type { ServerResponse } from 'node:http';

/**
 * Every page of the sample client: HTML, never cached, and a callback URL (it carries a one-time
 * code) kept out of caches and other sites' logs.
 */
export function sendPage(response: ServerResponse, status: number, page: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'x-content-type-options': 'nosniff',
  });
  response.end(page);
}
