import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

/**
 * Slow clients on a real listening socket (inject would bypass Node's timeouts): twenty
 * requests that trickle their body, twenty that trickle their headers and five that say
 * nothing are all closed by the server, which answers everyone else meanwhile. The timeouts
 * are shortened here so the test takes seconds; the defaults are in config.ts.
 */
const REQUEST_TIMEOUT_MS = 2000;
const HEADERS_TIMEOUT_MS = 1000;
const IDLE_TIMEOUT_MS = 3000;
/** A generous bound for "was closed": the timeout, the 1 s check interval and a busy machine. */
const CLOSED_WITHIN_MS = 20_000;

interface SlowClient {
  closed: Promise<string>;
  stop(): void;
}

/** Opens a connection, writes `first`, then one more byte of `drip` every 300 ms. */
function slowClient(port: number, first: string, drip: string): SlowClient {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  socket.write(first);
  let sent = 0;
  const timer = setInterval(() => {
    if (!socket.destroyed && drip.length > 0) socket.write(drip[sent++ % drip.length] ?? 'x');
  }, 300);
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(received);
    });
  });
  return {
    closed,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} still open`)), ms)),
  ]);
}

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('closes twenty slow bodies, twenty slow headers and five silent connections, and keeps answering', async () => {
    const slowBodies = Array.from({ length: 20 }, () =>
      slowClient(
        port,
        'POST /v1/auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100000\r\n\r\n{"uname":"',
        'abcdef',
      ),
    );
    const slowHeaders = Array.from({ length: 20 }, () =>
      slowClient(port, 'GET /v1/health HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: y\r\n'),
    );
    const silent = Array.from({ length: 5 }, () => slowClient(port, '', ''));
    const all = [...slowBodies, ...slowHeaders, ...silent];
    try {
      // Meanwhile the server answers others at once.
      const health = await fetch(`http://127.0.0.1:${port}/v1/health`);
      expect(health.status).toBe(200);

      const bodies = await within(
        Promise.all(slowBodies.map((c) => c.closed)),
        CLOSED_WITHIN_MS,
        'a slow body',
      );
      // Cut with 408 Request Timeout (never a 5xx, never a stack).
      expect(bodies.every((answer) => answer.startsWith('HTTP/1.1 408'))).toBe(true);
      const headers = await within(
        Promise.all(slowHeaders.map((c) => c.closed)),
        CLOSED_WITHIN_MS,
        'a slow header',
      );
      expect(headers.every((answer) => answer === '' || answer.startsWith('HTTP/1.1 408'))).toBe(
        true,
      );
      await within(Promise.all(silent.map((c) => c.closed)), CLOSED_WITHIN_MS, 'a silent socket');

      const after = await fetch(`http://127.0.0.1:${port}/v1/health`);
      expect(after.status).toBe(200);
      expect(((await after.json()) as { Code: string }).Code).toBe('200');
    } finally {
      for (const client of all) client.stop();
    }
  });
});
