import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';
import { CREDENTIAL_RATE_LIMIT_MAX } from '../src/abuse/sign-in-defence.js';
import { b64, bootstrapPlatform } from './factories.js';

/**
 * A `client` in a body is read before the call's schema (and its storable-text check) has run,
 * by the code exchange's client guard and by the rate limiter's ban. The code exchange's client guard reads the body's `client` before the call's schema (and its
 * storable-text check) has run: whatever a hostile server sends there is a client that does not
 * exist (client_unauthorized), never a database error answered as server_error.
 */
describe('a client id that cannot be stored', () => {
  let t: TestApp;
  const lines: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    t = await startTestApp({}, { level: 'info', stream });
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  it.each([
    ['a NUL character', 'portico\u0000portal'],
    ['a lone surrogate', 'portico\ud800'],
  ])('answers a client id with %s as client_unauthorized', async (_, client) => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/exchange',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ client, secret: 'x', code: 'A'.repeat(43), com: 'x' }),
    });
    expect(res.json()).toEqual({ Code: 'client_unauthorized', Msg: 'client_unauthorized' });
    expect(res.statusCode).toBe(401);
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
  });

  it('does not keep the rate limiter from banning the address that sends it', async () => {
    const ip = '10.77.0.1';
    lines.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i <= CREDENTIAL_RATE_LIMIT_MAX; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth',
        remoteAddress: ip,
        payload: { uname: b64('a'), pass: b64('a'), client: 'x\u0000', redirect: '/', dcd: 'fp' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    const bans = await t.db.prisma.ipBan.findMany({ where: { ip } });
    expect(bans).toMatchObject([{ reason: 'rate_limit', clientId: null }]);
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
  });
});
