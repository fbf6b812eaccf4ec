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
});
