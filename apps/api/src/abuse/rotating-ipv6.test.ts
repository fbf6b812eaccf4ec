import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { CREDENTIAL_RATE_LIMIT_MAX, credentialRateLimit } from './sign-in-defence.js';

/**
 * The limiter counts an IPv6 host per /64 (the plugin's default), and one host holds a whole
 * /64: past the limit, a flood that takes a new address of it for every request must not cost a
 * ban row, an audit event and a transaction each, as it would if the memo of recorded bans
 * remembered addresses one by one.
 */
const probeRoute = async (app: FastifyInstance) => {
  app.post('/probe/credential', { config: { rateLimit: credentialRateLimit() } }, async () => ({
    Code: '200',
    Msg: 'ok',
  }));
};

describe('a flood rotating through its own IPv6 /64', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, false, probeRoute);
  });
  afterAll(() => t.close());

  const hex = () => randomInt(1, 0xffff).toString(16);
  const probe = (ip: string) =>
    t.app.inject({ method: 'POST', url: '/probe/credential', remoteAddress: ip, payload: {} });

  it('records one ban for the /64, not one per address', async () => {
    const prefix = `2001:db8:${hex()}:${hex()}`;
    const address = (i: number) => `${prefix}:0:0:0:${(i + 1).toString(16)}`;
    for (let i = 0; i < CREDENTIAL_RATE_LIMIT_MAX; i += 1) {
      expect((await probe(address(i))).statusCode).toBe(200);
    }
    for (let i = CREDENTIAL_RATE_LIMIT_MAX; i < CREDENTIAL_RATE_LIMIT_MAX + 30; i += 1) {
      expect((await probe(address(i))).json()).toMatchObject({ Code: 'rate_limit_exceeded' });
    }
    const where = { ip: { startsWith: `${prefix}:` } };
    expect(await t.db.prisma.ipBan.count({ where })).toBe(1);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'ip.ban', target: where.ip } }),
    ).toBe(1);
  });
});
