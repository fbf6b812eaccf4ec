import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createCompany,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';
import type { PlatformAdmin } from '../../test/factories.js';
import { assertIpAllowed } from '../abuse/sign-in-defence.js';

describe('IP whitelist and banned IPs', () => {
  let t: TestApp;
  let admin: PlatformAdmin;
  let cookie: string;
  let companyAdminCookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await bootstrapPlatform(t);
    cookie = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
    const company = await createCompany(t);
    companyAdminCookie = (await signedInMember(t, company.id, ['owner'])).session.cookie;
  });
  afterAll(() => t.close());

  const someIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const post = (url: string, payload: unknown, as = cookie) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: as } });
  const get = (url: string, as = cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: as } });
  const allowed = (ip: string) =>
    assertIpAllowed(t.app, ip).then(
      () => true,
      () => false,
    );
  const ban = (
    ip: string,
    fields: {
      reason?: 'rate_limit' | 'credential_stuffing';
      minutesAgo?: number;
      minutesLeft?: number;
    } = {},
  ) =>
    t.db.prisma.ipBan.create({
      data: {
        ip,
        reason: fields.reason ?? 'rate_limit',
        bannedAt: new Date(Date.now() - (fields.minutesAgo ?? 1) * 60_000),
        expiresAt: new Date(Date.now() + (fields.minutesLeft ?? 14) * 60_000),
        attemptCount: 21,
        blockedUsers: ['alice_01', 'bob_0002'],
      },
    });

  describe('whitelist', () => {
    it('adds an address, lists it with who added it, and audits the change', async () => {
      const ip = someIp();
      const added = await post('/v1/whitelist/add', { ip, description: 'Head office' });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({ Code: '200' });
      const list = (await get('/v1/whitelist')).json();
      expect(list.Code).toBe('200');
      const entry = list.Msg.whitelist.find((row: { ip: string }) => row.ip === ip);
      expect(entry).toMatchObject({ ip, addedBy: admin.username, description: 'Head office' });
      expect(Date.parse(entry.addedAt)).toBeGreaterThan(Date.now() - 60_000);
      const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'ip.whitelist_add', target: ip },
      });
      expect(audit.actorId).toBe(admin.id);
    });

    it('answers already_whitelisted for the same address in another spelling', async () => {
      expect((await post('/v1/whitelist/add', { ip: '2001:db8:0:0:0:0:0:42' })).statusCode).toBe(
        200,
      );
      const again = await post('/v1/whitelist/add', {
        ip: '2001:0DB8:0000:0000:0000:0000:0000:0042',
        description: 'dup',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ Code: 'already_whitelisted' });
      // Only this test adds IPv6 addresses (the others are random 10.x IPv4 ones).
      expect(await t.db.prisma.ipWhitelistEntry.count({ where: { ip: { contains: 'db8' } } })).toBe(
        1,
      );
    });

    it('takes an IPv4 address written as IPv4-mapped IPv6 for the IPv4 address it is', async () => {
      const ip = someIp();
      const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number);
      const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
      // The eight-group spelling the rule accepts, of the peer that arrives as ::ffff:<ip>.
      const mapped = `0:0:0:0:0:ffff:${hex(a, b)}:${hex(c, d)}`;
      await ban(ip);
      expect((await post('/v1/whitelist/add', { ip: mapped })).statusCode).toBe(200);
      expect(await t.app.abuse.whitelist.has(`::ffff:${ip}`)).toBe(true);
      expect(await allowed(ip)).toBe(true);
      const again = await post('/v1/whitelist/add', { ip });
      expect(again.json()).toMatchObject({ Code: 'already_whitelisted' });
      expect((await post('/v1/whitelist/remove', { ip: mapped })).statusCode).toBe(200);
      expect(
        await t.db.prisma.ipWhitelistEntry.count({ where: { ip: { contains: 'ffff' } } }),
      ).toBe(0);
    });

    it('refuses malformed addresses with the rule message and stores nothing', async () => {
      const before = await t.db.prisma.ipWhitelistEntry.count();
      for (const ip of ['999.1.1.1', '1.2.3', '2001:db8::1', 'localhost', '', 12, null]) {
        const answer = await post('/v1/whitelist/add', { ip });
        expect(answer.statusCode, String(ip)).toBe(400);
        expect(answer.json()).toMatchObject({
          Code: 'incomplete_param',
          Msg: { fields: { ip: 'Invalid IP address format' } },
        });
      }
      for (const payload of [
        {},
        { ip: '10.0.0.1', extra: 1 },
        { ip: '10.0.0.1', description: 'x'.repeat(201) },
        [],
      ]) {
        const answer = await post('/v1/whitelist/add', payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ Code: 'incomplete_param' });
      }
      expect(await t.db.prisma.ipWhitelistEntry.count()).toBe(before);
    });

    it('lifts the bans of an address it whitelists, and the limiter sees it at once', async () => {
      const ip = someIp();
      await ban(ip, { reason: 'credential_stuffing' });
      expect(await allowed(ip)).toBe(false);
      expect(await t.app.abuse.whitelist.has(ip)).toBe(false);
      expect((await post('/v1/whitelist/add', { ip })).statusCode).toBe(200);
      expect(await t.app.abuse.whitelist.has(ip)).toBe(true);
      expect(await allowed(ip)).toBe(true);
      const row = await t.db.prisma.ipBan.findFirstOrThrow({ where: { ip } });
      expect(row.liftedById).toBe(admin.id);
      expect(row.liftedAt).not.toBeNull();
    });

    it('removes an address (not_found the second time) and audits it', async () => {
      const ip = someIp();
      await post('/v1/whitelist/add', { ip });
      expect(await t.app.abuse.whitelist.has(ip)).toBe(true);
      const removed = await post('/v1/whitelist/remove', { ip });
      expect(removed.statusCode).toBe(200);
      expect(await t.db.prisma.ipWhitelistEntry.count({ where: { ip } })).toBe(0);
      expect(await t.app.abuse.whitelist.has(ip)).toBe(false);
      expect(
        await t.db.prisma.auditEvent.count({
          where: { action: 'ip.whitelist_remove', target: ip },
        }),
      ).toBe(1);
      const again = await post('/v1/whitelist/remove', { ip });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ Code: 'not_found' });
      expect((await post('/v1/whitelist/remove', { ip: 'drop table' })).json()).toMatchObject({
        Code: 'incomplete_param',
      });
    });
  });

  describe('banned IPs', () => {
    it('lists active and recently expired bans, newest first by default', async () => {
      const older = someIp();
      const newer = someIp();
      const expiredRecently = someIp();
      const expiredLongAgo = someIp();
      const lifted = someIp();
      await ban(older, { reason: 'credential_stuffing', minutesAgo: 10 });
      await ban(newer, { minutesAgo: 2 });
      await ban(expiredRecently, { minutesAgo: 60 * 24, minutesLeft: -60 * 23 });
      await ban(expiredLongAgo, { minutesAgo: 60 * 24 * 9, minutesLeft: -60 * 24 * 8 });
      await t.db.prisma.ipBan.update({
        where: { id: (await ban(lifted)).id },
        data: { liftedAt: new Date() },
      });

      const answer = await get('/v1/banned');
      expect(answer.statusCode).toBe(200);
      const rows: { ip: string }[] = answer.json().Msg.banned;
      const ips = rows.map((row) => row.ip);
      expect(ips).toEqual(expect.arrayContaining([older, newer, expiredRecently]));
      expect(ips).not.toContain(expiredLongAgo);
      expect(ips).not.toContain(lifted);
      expect(ips.indexOf(newer)).toBeLessThan(ips.indexOf(older));
      expect(ips.indexOf(older)).toBeLessThan(ips.indexOf(expiredRecently));
      expect(rows.find((row) => row.ip === older)).toEqual({
        ip: older,
        reason: 'credential_stuffing',
        bannedAt: expect.any(String),
        expiresAt: expect.any(String),
        attemptCount: 21,
        clientId: null,
        appId: null,
        blockedUsers: ['alice_01', 'bob_0002'],
      });

      const oldest: { ip: string }[] = (await get('/v1/banned?sort=date-oldest')).json().Msg.banned;
      const byAge = oldest.map((row) => row.ip);
      expect(byAge.indexOf(expiredRecently)).toBeLessThan(byAge.indexOf(older));
      expect(byAge.indexOf(older)).toBeLessThan(byAge.indexOf(newer));

      const byReason: { reason: string }[] = (await get('/v1/banned?sort=reason')).json().Msg
        .banned;
      const reasons = byReason.map((row) => row.reason);
      expect(reasons.lastIndexOf('credential_stuffing')).toBeLessThan(
        reasons.indexOf('rate_limit'),
      );

      for (const bad of ['sort=name', 'sort=', 'other=1']) {
        expect((await get(`/v1/banned?${bad}`)).json()).toMatchObject({ Code: 'incomplete_param' });
      }
    });

    it('unbans an address at once, records who did it, and audits it', async () => {
      const ip = someIp();
      await ban(ip);
      await ban(ip, { reason: 'credential_stuffing' });
      expect(await allowed(ip)).toBe(false);
      const answer = await post('/v1/banned/remove', { ip });
      expect(answer.statusCode).toBe(200);
      expect(await allowed(ip)).toBe(true);
      const rows = await t.db.prisma.ipBan.findMany({ where: { ip } });
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.liftedById).toBe(admin.id);
        expect(row.liftedAt).not.toBeNull();
      }
      const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'ip.unban', target: ip },
      });
      expect(audit).toMatchObject({ actorId: admin.id, details: { bans: 2 } });
      const list = (await get('/v1/banned')).json().Msg.banned as { ip: string }[];
      expect(list.map((row) => row.ip)).not.toContain(ip);
      expect((await post('/v1/banned/remove', { ip })).json()).toMatchObject({ Code: 'not_found' });
      expect((await post('/v1/banned/remove', {})).json()).toMatchObject({
        Code: 'incomplete_param',
      });
    });
  });

  it('is for platform administrators only, and a refusal changes nothing', async () => {
    const ip = someIp();
    await ban(ip);
    const whitelistBefore = await t.db.prisma.ipWhitelistEntry.count();
    for (const as of [companyAdminCookie, '']) {
      const expected = as ? 'forbidden' : 'auth_invalid';
      expect((await get('/v1/whitelist', as)).json()).toMatchObject({ Code: expected });
      expect((await get('/v1/banned', as)).json()).toMatchObject({ Code: expected });
      expect((await post('/v1/whitelist/add', { ip }, as)).json()).toMatchObject({
        Code: expected,
      });
      expect((await post('/v1/whitelist/remove', { ip }, as)).json()).toMatchObject({
        Code: expected,
      });
      expect((await post('/v1/banned/remove', { ip }, as)).json()).toMatchObject({
        Code: expected,
      });
    }
    expect(await t.db.prisma.ipWhitelistEntry.count()).toBe(whitelistBefore);
    expect(await allowed(ip)).toBe(false);
  });
});
