import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { VITALS_RATE_LIMIT_MAX } from './routes.js';

/**
 * POST /v1/vitals is anonymous and writes a log line per call: its contract promises
 * rate_limit_exceeded, so one address cannot fill the logs, and going over is no IP ban (an
 * office's portal tabs behind one address must still be able to sign in).
 */
describe('vitals.report against a flood', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const vital = { name: 'LCP', value: 1234.5, id: 'v1-123', page: '/apps' };
  const report = (remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/v1/vitals', payload: vital, remoteAddress });

  it('answers rate_limit_exceeded past its limit per address, and bans nobody', async () => {
    const flooder = '198.51.100.77';
    for (let i = 0; i < VITALS_RATE_LIMIT_MAX; i++) {
      const res = await report(flooder);
      expect(res.statusCode).toBe(200);
    }
    const over = await report(flooder);
    expect(over.statusCode).toBe(429);
    expect(over.json().Code).toBe('rate_limit_exceeded');
    // Another address is not affected, and the flooder gets no ban (sign-in stays open to it).
    expect((await report('198.51.100.78')).statusCode).toBe(200);
    expect(await t.db.prisma.ipBan.count({ where: { ip: flooder } })).toBe(0);
  });
});
