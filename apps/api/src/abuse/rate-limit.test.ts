import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LOGIN_LOCKOUT_MINUTES } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { createApp, createClient } from '../../test/factories.js';
import {
  CREDENTIAL_RATE_LIMIT_MAX,
  assertIpAllowed,
  credentialRateLimit,
} from './sign-in-defence.js';

/**
 * The per-IP limit of credential calls, through a probe route limited exactly as the sign-in
 * calls are (credentialRateLimit()), on the real plugin, database and Redis.
 */
const probeRoute = async (app: FastifyInstance) => {
  app.post('/probe/credential', { config: { rateLimit: credentialRateLimit() } }, async () => ({
    Code: '200',
    Msg: 'ok',
  }));
};

/**
 * A fresh documentation-range address per call, never the same twice in this file, so counters
 * never carry over (Redis persists) and one test's ban is never counted by another.
 */
const usedIps = new Set<string>();
const someIp = (): string => {
  const ip = `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  if (usedIps.has(ip)) return someIp();
  usedIps.add(ip);
  return ip;
};

function probe(t: TestApp, ip: string, body: object = {}, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/probe/credential',
    remoteAddress: ip,
    headers,
    payload: body,
  });
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('per-IP rate limit of credential calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, false, probeRoute);
  });
  afterAll(() => t.close());

  it('answers rate_limit_exceeded past the limit and records one audited ban per window', async () => {
    const application = await createApp(t);
    const client = await createClient(t, { appId: application.id });
    const ip = someIp();
    for (let i = 0; i < CREDENTIAL_RATE_LIMIT_MAX; i += 1) {
      expect((await probe(t, ip, { client: client.id })).statusCode).toBe(200);
    }
    const refused = await probe(t, ip, { client: client.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ Code: 'rate_limit_exceeded', Msg: 'rate_limit_exceeded' });
    expect(refused.headers['retry-after']).toBeDefined();

    for (let i = 0; i < 5; i += 1) expect((await probe(t, ip)).statusCode).toBe(429);
    const bans = await t.db.prisma.ipBan.findMany({ where: { ip } });
    expect(bans).toHaveLength(1);
    const ban = bans[0]!;
    expect(ban).toMatchObject({
      reason: 'rate_limit',
      attemptCount: CREDENTIAL_RATE_LIMIT_MAX + 1,
      clientId: client.id,
      appId: application.id,
      liftedAt: null,
    });
    const minutes = (ban.expiresAt.getTime() - ban.bannedAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(LOGIN_LOCKOUT_MINUTES, 1);

    const audits = await t.db.prisma.auditEvent.findMany({
      where: { action: 'ip.ban', target: ip },
    });
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toEqual({
      reason: 'rate_limit',
      count: CREDENTIAL_RATE_LIMIT_MAX + 1,
    });

    // The ban outlives the one-minute counter: the sign-in gate refuses the IP.
    expect(await codeOf(assertIpAllowed(t.app, ip))).toBe('rate_limit_exceeded');
    expect(await codeOf(assertIpAllowed(t.app, someIp()))).toBeUndefined();
  });

  it('records one ban when a burst of parallel requests goes over the limit', async () => {
    const ip = someIp();
    const answers = await Promise.all(
      Array.from({ length: CREDENTIAL_RATE_LIMIT_MAX * 2 }, () => probe(t, ip)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CREDENTIAL_RATE_LIMIT_MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CREDENTIAL_RATE_LIMIT_MAX);
    expect(await t.db.prisma.ipBan.count({ where: { ip } })).toBe(1);
  });

  it('names no client on the ban when the body names an unknown one', async () => {
    const ip = someIp();
    for (let i = 0; i <= CREDENTIAL_RATE_LIMIT_MAX; i += 1) {
      await probe(t, ip, { client: 'no-such-client' });
    }
    const ban = await t.db.prisma.ipBan.findFirstOrThrow({ where: { ip } });
    expect(ban).toMatchObject({ reason: 'rate_limit', clientId: null, appId: null });
  });

  it('never limits, bans or refuses a whitelisted IP', async () => {
    const ip = someIp();
    await t.db.prisma.ipWhitelistEntry.create({ data: { ip, description: 'office' } });
    t.app.abuse.whitelist.invalidate();
    for (let i = 0; i < CREDENTIAL_RATE_LIMIT_MAX + 10; i += 1) {
      expect((await probe(t, ip)).statusCode).toBe(200);
    }
    expect(await t.db.prisma.ipBan.count({ where: { ip } })).toBe(0);
    // Even a ban recorded before the IP was whitelisted does not refuse it.
    await t.db.prisma.ipBan.create({
      data: { ip, reason: 'credential_stuffing', expiresAt: new Date(Date.now() + 60_000) },
    });
    expect(await codeOf(assertIpAllowed(t.app, ip))).toBeUndefined();
  });

  it('takes the socket address and ignores X-Forwarded-For without a trusted proxy', async () => {
    const socketIp = someIp();
    // The claimed addresses come from a range no other test here uses (203.0.113.0/24), so a ban
    // in that range can only come from trusting the header. (The claims once shared 198.51.x.y
    // with the other tests' bans, and a random collision failed CI.)
    const claimedRange = '203.0.113.';
    for (let i = 0; i <= CREDENTIAL_RATE_LIMIT_MAX; i += 1) {
      // A client cannot dodge the limit by inventing a new forwarded address each time.
      await probe(t, socketIp, {}, { 'x-forwarded-for': `${claimedRange}${i + 1}` });
    }
    expect((await probe(t, socketIp)).statusCode).toBe(429);
    expect(await t.db.prisma.ipBan.count({ where: { ip: socketIp } })).toBe(1);
    expect(await t.db.prisma.ipBan.count({ where: { ip: { startsWith: claimedRange } } })).toBe(0);
  });

  it('lets expired and lifted bans pass the gate', async () => {
    const expired = someIp();
    await t.db.prisma.ipBan.create({
      data: { ip: expired, reason: 'rate_limit', expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await codeOf(assertIpAllowed(t.app, expired))).toBeUndefined();
    const lifted = someIp();
    await t.db.prisma.ipBan.create({
      data: {
        ip: lifted,
        reason: 'credential_stuffing',
        expiresAt: new Date(Date.now() + 60_000),
        liftedAt: new Date(),
      },
    });
    expect(await codeOf(assertIpAllowed(t.app, lifted))).toBeUndefined();
  });

  it('prefers credential_stuffing_detected when both kinds of ban are active', async () => {
    const ip = someIp();
    const expiresAt = new Date(Date.now() + 60_000);
    await t.db.prisma.ipBan.create({ data: { ip, reason: 'rate_limit', expiresAt } });
    await t.db.prisma.ipBan.create({ data: { ip, reason: 'credential_stuffing', expiresAt } });
    expect(await codeOf(assertIpAllowed(t.app, ip))).toBe('credential_stuffing_detected');
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' }, false, probeRoute);
  });
  afterAll(() => t.close());

  it('limits and bans the address X-Forwarded-For names', async () => {
    const proxy = someIp();
    const browser = someIp();
    const other = someIp();
    for (let i = 0; i < CREDENTIAL_RATE_LIMIT_MAX; i += 1) {
      await probe(t, proxy, {}, { 'x-forwarded-for': browser });
    }
    expect((await probe(t, proxy, {}, { 'x-forwarded-for': browser })).statusCode).toBe(429);
    // Another browser behind the same proxy is not affected.
    expect((await probe(t, proxy, {}, { 'x-forwarded-for': other })).statusCode).toBe(200);
    expect(await t.db.prisma.ipBan.count({ where: { ip: browser } })).toBe(1);
    expect(await t.db.prisma.ipBan.count({ where: { ip: proxy } })).toBe(0);
  });

  it('counts and bans a forwarded address written with a port as the address alone', async () => {
    const proxy = someIp();
    const browser = someIp();
    // Some proxies write the client's port too, another for each of its connections.
    const forwarded = (port: number) => ({ 'x-forwarded-for': `${browser}:${40_000 + port}` });
    for (let i = 0; i < CREDENTIAL_RATE_LIMIT_MAX; i += 1) {
      expect((await probe(t, proxy, {}, forwarded(i))).statusCode).toBe(200);
    }
    expect((await probe(t, proxy, {}, forwarded(99))).statusCode).toBe(429);
    // Recorded as the address alone: the one form the banned list lifts (banned.remove).
    expect(await t.db.prisma.ipBan.count({ where: { ip: browser } })).toBe(1);
  });
});

describe('with REDIS_URL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' }, false, probeRoute);
    b = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' }, false, probeRoute);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('shares the counters between two API instances', async () => {
    const ip = someIp();
    for (let i = 0; i < CREDENTIAL_RATE_LIMIT_MAX; i += 1) {
      expect((await probe(i % 2 ? a : b, ip)).statusCode).toBe(200);
    }
    // Neither instance alone saw more than half the limit; together they went over it.
    expect((await probe(a, ip)).statusCode).toBe(429);
    expect((await probe(b, ip)).statusCode).toBe(429);
  });
});

describe('when Redis cannot be reached', () => {
  const apps: TestApp[] = [];
  const start = async (settings: Record<string, string>) => {
    const t = await startTestApp(
      { REDIS_URL: 'redis://127.0.0.1:1', ...settings },
      false,
      probeRoute,
    );
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it.each([
    ['RATE_LIMIT_FAIL_OPEN=false', { RATE_LIMIT_FAIL_OPEN: 'false' }],
    ['production, by default', { NODE_ENV: 'production' }],
  ])('fails closed under %s: 503 unavailable with Retry-After', async (_, settings) => {
    const t = await start(settings);
    const res = await probe(t, someIp());
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ Code: 'unavailable' });
  });

  it.each([
    ['RATE_LIMIT_FAIL_OPEN=true', { NODE_ENV: 'production', RATE_LIMIT_FAIL_OPEN: 'true' }],
    ['development, by default', { NODE_ENV: 'development' }],
  ])('fails open under %s: the call goes through uncounted', async (_, settings) => {
    const t = await start(settings);
    const ip = someIp();
    for (let i = 0; i <= CREDENTIAL_RATE_LIMIT_MAX; i += 1) {
      expect((await probe(t, ip)).statusCode).toBe(200);
    }
  });
});
