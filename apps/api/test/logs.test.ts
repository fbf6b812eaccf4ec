import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/plugins/logger.js';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

describe('structured logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await startTestApp({}, { ...(loggerOptions({ LOG_LEVEL: 'info' }) as object), stream });
  });
  afterAll(() => t.close());

  it('are JSON and keep cookies, authorisation and codes in URLs out', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/v1/health?code=SECRET-CODE-123&com=acme1',
      headers: { cookie: 'portico_session=SECRET-COOKIE', authorization: 'Basic U0VDUkVU' },
    });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(log).toContain('/v1/health?code=%5Bredacted%5D&com=acme1');
    expect(log).not.toContain('SECRET-CODE-123');
    expect(log).not.toContain('SECRET-COOKIE');
    expect(log).not.toContain('U0VDUkVU');
  });

  it('keep headers of any logged request or answer out, and passwords and secrets of any object', () => {
    lines.length = 0;
    t.app.log.info(
      {
        req: {
          id: 'r1',
          method: 'POST',
          url: '/v1/auth',
          ip: '192.0.2.1',
          headers: { cookie: 'portico_session=RAW-COOKIE', authorization: 'Bearer RAW-TOKEN' },
          body: { pass: 'RAW-BODY' },
        },
        res: { statusCode: 200, headers: { 'set-cookie': 'portico_session=RAW-SET-COOKIE' } },
        form: { password: 'RAW-PASSWORD', secret: 'RAW-SECRET', name: 'shown' },
      },
      'an object logged as it came',
    );
    const [entry] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entry).toMatchObject({
      req: { id: 'r1', method: 'POST', url: '/v1/auth', ip: '192.0.2.1' },
      res: { statusCode: 200 },
      form: { password: '[redacted]', secret: '[redacted]', name: 'shown' },
    });
    expect(lines.join('')).not.toMatch(/RAW-/);
  });

  it('do not report a request the client aborted as an error', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    lines.length = 0;
    // A body is announced, half of it sent, then the client hangs up.
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /v1/auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
            'Content-Length: 200\r\n\r\n{"uname":"abc',
        );
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('close', () => resolve());
    });
    // The server notices the hang-up and finishes the request.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.some((entry) => entry.msg === 'incoming request')).toBe(true);
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
  });
});
