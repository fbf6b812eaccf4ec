import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { createApp, createClient, createUser } from '../../test/factories.js';
import {
  STUFFING_DISTINCT_USERNAMES,
  STUFFING_WINDOW_MINUTES,
  assertIpAllowed,
  recordSignInAttempt,
} from './sign-in-defence.js';
import type { SignInAttempt } from './sign-in-defence.js';
import { recordBan } from './bans.js';

/** Credential stuffing and the ban gate, called as the sign-in code calls them. */
describe('credential stuffing', () => {
  let t: TestApp;
  let clientId: string;
  let appId: string;
  beforeAll(async () => {
    t = await startTestApp();
    const application = await createApp(t);
    appId = application.id;
    clientId = (await createClient(t, { appId })).id;
  });
  afterAll(() => t.close());

  const someIp = () => `203.0.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const fail = (ip: string, username: string, extra: Partial<SignInAttempt> = {}) =>
    recordSignInAttempt(t.app, {
      ip,
      username,
      clientId,
      success: false,
      reason: 'account_failed',
      ...extra,
    });
  const codeOf = async (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: { code?: string }) => error.code,
    );

  it('bans an IP whose failures hit many different usernames, and refuses it afterwards', async () => {
    const ip = someIp();
    const names = Array.from({ length: STUFFING_DISTINCT_USERNAMES }, (_, i) => `victim_${i}`);
    for (const name of names.slice(0, -1)) {
      expect(await codeOf(fail(ip, name))).toBeUndefined();
      // Repeating a username adds attempts, not usernames.
      expect(await codeOf(fail(ip, name))).toBeUndefined();
    }
    expect(await t.db.prisma.ipBan.count({ where: { ip } })).toBe(0);
    expect(await codeOf(fail(ip, names.at(-1)!))).toBe('credential_stuffing_detected');

    const ban = await t.db.prisma.ipBan.findFirstOrThrow({ where: { ip } });
    expect(ban).toMatchObject({
      reason: 'credential_stuffing',
      attemptCount: (STUFFING_DISTINCT_USERNAMES - 1) * 2 + 1,
      clientId,
      appId,
      liftedAt: null,
    });
    expect([...ban.blockedUsers].sort()).toEqual([...names].sort());
    expect(ban.expiresAt.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'ip.ban', target: ip },
    });
    expect(audit.details).toEqual({
      reason: 'credential_stuffing',
      count: (STUFFING_DISTINCT_USERNAMES - 1) * 2 + 1,
    });
    expect(audit.clientId).toBe(clientId);

    expect(await codeOf(assertIpAllowed(t.app, ip))).toBe('credential_stuffing_detected');
    // A further failure (e.g. a request already past the gate) throws again, records no new ban.
    expect(await codeOf(fail(ip, 'victim_extra'))).toBe('credential_stuffing_detected');
    expect(await t.db.prisma.ipBan.count({ where: { ip } })).toBe(1);
    expect(await t.db.prisma.auditEvent.count({ where: { action: 'ip.ban', target: ip } })).toBe(1);
  });

  it('does not count successes, other IPs or failures older than the window', async () => {
    const ip = someIp();
    const user = await createUser(t);
    for (let i = 0; i < STUFFING_DISTINCT_USERNAMES; i += 1) {
      await recordSignInAttempt(t.app, { ip, username: `ok_${i}`, success: true, clientId });
      await fail(someIp(), `elsewhere_${i}`);
    }
    for (let i = 0; i < STUFFING_DISTINCT_USERNAMES - 1; i += 1) await fail(ip, `old_${i}`);
    await t.db.prisma.loginAttempt.updateMany({
      where: { ip, username: { startsWith: 'old_' } },
      data: { at: new Date(Date.now() - (STUFFING_WINDOW_MINUTES + 1) * 60_000) },
    });
    expect(await codeOf(fail(ip, user.username, { userId: user.id }))).toBeUndefined();
    expect(await t.db.prisma.ipBan.count({ where: { ip } })).toBe(0);
    const rows = await t.db.prisma.loginAttempt.count({ where: { ip } });
    expect(rows).toBe(STUFFING_DISTINCT_USERNAMES * 2);
    const last = await t.db.prisma.loginAttempt.findFirstOrThrow({
      where: { ip, username: user.username },
    });
    expect(last).toMatchObject({
      userId: user.id,
      clientId,
      success: false,
      reason: 'account_failed',
    });
  });

  it('does not count new devices or sign-in gates, only wrong credentials', async () => {
    const ip = someIp();
    for (let i = 0; i < STUFFING_DISTINCT_USERNAMES; i += 1) {
      expect(await codeOf(fail(ip, `new_laptop_${i}`, { reason: 'device_add' }))).toBeUndefined();
      expect(
        await codeOf(fail(ip, `no_access_${i}`, { reason: 'access_not_found' })),
      ).toBeUndefined();
    }
    for (let i = 0; i < STUFFING_DISTINCT_USERNAMES - 2; i += 1) {
      await fail(ip, `guess_${i}`, { reason: i % 2 ? 'user_not_found' : 'account_failed' });
    }
    expect(await t.db.prisma.ipBan.count({ where: { ip } })).toBe(0);
    // An attempt recorded without a reason counts as a failed credential.
    await fail(ip, 'guess_blocked', { reason: 'account_blocked' });
    expect(await codeOf(fail(ip, 'guess_unknown', { reason: undefined }))).toBe(
      'credential_stuffing_detected',
    );
    const ban = await t.db.prisma.ipBan.findFirstOrThrow({ where: { ip } });
    expect(ban.blockedUsers.every((name) => name.startsWith('guess_'))).toBe(true);
    expect(ban.attemptCount).toBe(STUFFING_DISTINCT_USERNAMES);
  });

  it('records attempts naming unknown users or clients without failing', async () => {
    const ip = someIp();
    await fail(ip, 'ghost_user', {
      userId: '00000000-0000-0000-0000-000000000000',
      clientId: 'nope',
    });
    const row = await t.db.prisma.loginAttempt.findFirstOrThrow({ where: { ip } });
    expect(row).toMatchObject({ userId: null, clientId: null, username: 'ghost_user' });
  });

  it('never bans a whitelisted IP', async () => {
    const ip = someIp();
    await t.db.prisma.ipWhitelistEntry.create({ data: { ip } });
    t.app.abuse.whitelist.invalidate();
    for (let i = 0; i < STUFFING_DISTINCT_USERNAMES * 2; i += 1) {
      expect(await codeOf(fail(ip, `office_${i}`))).toBeUndefined();
    }
    expect(await t.db.prisma.ipBan.count({ where: { ip } })).toBe(0);
    expect(await codeOf(assertIpAllowed(t.app, ip))).toBeUndefined();
  });

  it('makes one ban row however many recorders race for the same IP', async () => {
    const ip = someIp();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        recordBan(t.app, { ip, reason: 'rate_limit', attemptCount: 21 }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(1);
    expect(await t.db.prisma.ipBan.count({ where: { ip } })).toBe(1);
  });

  it('matches IPv4-mapped and compressed IPv6 spellings of one address', async () => {
    await recordBan(t.app, { ip: '2001:db8::7', reason: 'rate_limit', attemptCount: 21 });
    expect(await codeOf(assertIpAllowed(t.app, '2001:0db8:0:0:0:0:0:0007'))).toBe(
      'rate_limit_exceeded',
    );
    await recordBan(t.app, { ip: '::ffff:192.0.2.77', reason: 'rate_limit', attemptCount: 21 });
    expect(await codeOf(assertIpAllowed(t.app, '192.0.2.77'))).toBe('rate_limit_exceeded');
  });
});
