import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createCompany,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';
import type { PlatformAdmin } from '../../test/factories.js';

/**
 * The IP lists as a careless or hostile caller meets them: odd spellings, input the rules refuse
 * (a catalogue code, nothing changed, no stack or SQL), concurrent writers, and callers who are
 * not platform administrators of the platform company.
 */
describe('IP lists under hostile input', () => {
  let t: TestApp;
  let cookie: string;
  let admin: PlatformAdmin;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await bootstrapPlatform(t);
    cookie = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const someIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const post = (url: string, payload: unknown, as = cookie) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: as } });
  const stored = (ip: string) => t.db.prisma.ipWhitelistEntry.findUnique({ where: { ip } });
  const snapshot = async () => ({
    whitelist: await t.db.prisma.ipWhitelistEntry.count(),
    bans: await t.db.prisma.ipBan.count({ where: { liftedAt: null } }),
    audit: await t.db.prisma.auditEvent.count({ where: { action: { startsWith: 'ip.' } } }),
  });
  /** A refusal: the code, the class of status, and nothing of the server's insides. */
  const expectRefused = (answer: { statusCode: number; body: string }, code: string) => {
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(JSON.parse(answer.body)).toMatchObject({ Code: code });
    expect(answer.body).not.toMatch(/\bat \w+ \(|prisma|SELECT|INSERT|ip_whitelist|stack/i);
  };

  it('stores dotted groups with leading zeros and padding as the one address they are', async () => {
    const [b, c] = [randomInt(0, 256), randomInt(1, 255)];
    const padded = ` 010.${String(b).padStart(3, '0')}.000.${String(c).padStart(3, '0')} `;
    expect((await post('/v1/whitelist/add', { ip: padded })).json()).toMatchObject({ Code: '200' });
    expect(await stored(`10.${b}.0.${c}`)).not.toBeNull();
    expectRefused(await post('/v1/whitelist/add', { ip: `10.${b}.0.${c}` }), 'already_whitelisted');
    expect(await t.app.abuse.whitelist.has(`10.${b}.0.${c}`)).toBe(true);
  });

  it('removes an entry named in the compressed spelling the console shows', async () => {
    expect((await post('/v1/whitelist/add', { ip: '2001:DB8:0:0:0:0:0:77' })).statusCode).toBe(200);
    expect((await post('/v1/whitelist/remove', { ip: '2001:db8::77' })).statusCode).toBe(200);
    expect(await stored('2001:db8:0:0:0:0:0:77')).toBeNull();
  });

  it('refuses what is not one address, with the rule message, and changes nothing', async () => {
    const before = await snapshot();
    for (const ip of [
      'fe80:0:0:0:0:0:0:1%eth0',
      '10.0.0.0/8',
      '2001:db8:0:0:0:0:0:0/64',
      '1.2.3.4.5',
      '0x0a.0.0.1',
      '10.0.0.1\u0000',
      '１０.0.0.1',
      '10.0.0.1; DROP TABLE ip_whitelist',
      '2001:db8:0:0:0:0:0:10000',
      '0:0:0:0:0:ffff:10.0.0.1',
      'a'.repeat(100_000),
      { ip: '10.0.0.1' },
      ['10.0.0.1'],
      true,
    ]) {
      const answer = await post('/v1/whitelist/add', { ip });
      expectRefused(answer, 'incomplete_param');
      expect(answer.json().Msg.fields).toEqual({ ip: 'Invalid IP address format' });
    }
    for (const payload of [
      { ip: someIp(), description: 'NUL \u0000 inside' },
      { ip: someIp(), description: 42 },
      { ip: someIp(), description: '\ud800' },
    ]) {
      expectRefused(await post('/v1/whitelist/add', payload), 'incomplete_param');
    }
    // Prototype pollution through the JSON body (a literal's __proto__ would not be sent).
    const polluted = await t.app.inject({
      method: 'POST',
      url: '/v1/whitelist/add',
      headers: { cookie, 'content-type': 'application/json' },
      payload: `{"ip":"${someIp()}","__proto__":{"isAdmin":true}}`,
    });
    expectRefused(polluted, 'incomplete_param');
    for (const url of ['/v1/whitelist/remove', '/v1/banned/remove']) {
      for (const ip of ['', 'x', '10.0.0.1/32', 'fe80::1%eth0', '10.0.0.1\u0000', 7]) {
        expectRefused(await post(url, { ip }), 'incomplete_param');
      }
      // Well-formed text that names nothing recorded.
      for (const ip of ['::', ':::::', '1.2.3.4.5', 'ffff']) {
        expectRefused(await post(url, { ip }), 'not_found');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a body over the size limit with a catalogue code', async () => {
    const before = await snapshot();
    const answer = await post('/v1/whitelist/add', {
      ip: someIp(),
      description: 'x'.repeat(2 * 1024 * 1024),
    });
    expectRefused(answer, 'payload_too_large');
    expect(await snapshot()).toEqual(before);
  });

  it('takes one of many concurrent adds of an address in different spellings', async () => {
    const spellings = [
      '2001:db8:0:0:0:0:0:99',
      '2001:0db8:0000:0000:0000:0000:0000:0099',
      '2001:DB8:0:0:0:0:0:99',
      ' 2001:db8:0:0:0:0:0:099 ',
      '2001:db8:0:0:0:0:0:99',
    ];
    const answers = await Promise.all(spellings.map((ip) => post('/v1/whitelist/add', { ip })));
    const codes = answers.map((answer) => answer.json().Code).sort();
    expect(codes).toEqual(['200', ...Array<string>(4).fill('already_whitelisted')]);
    expect(await t.db.prisma.ipWhitelistEntry.count({ where: { ip: { contains: ':99' } } })).toBe(
      1,
    );
    expect(
      await t.db.prisma.auditEvent.count({
        where: { action: 'ip.whitelist_add', target: '2001:db8:0:0:0:0:0:99' },
      }),
    ).toBe(1);
  });

  it('ends concurrent adds and removes of one address consistent, without a server error', async () => {
    const ip = someIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(i % 2 === 0 ? '/v1/whitelist/add' : '/v1/whitelist/remove', { ip }),
      ),
    );
    for (const answer of answers) {
      expect(['200', 'already_whitelisted', 'not_found']).toContain(answer.json().Code);
    }
    // Every success is audited once, and the list holds what the successes add up to.
    const adds = await t.db.prisma.auditEvent.count({
      where: { action: 'ip.whitelist_add', target: ip },
    });
    const removes = await t.db.prisma.auditEvent.count({
      where: { action: 'ip.whitelist_remove', target: ip },
    });
    expect(adds - removes).toBe((await stored(ip)) ? 1 : 0);
    expect(await t.app.abuse.whitelist.has(ip)).toBe((await stored(ip)) !== null);
  });

  it('is refused to everyone but a platform administrator signed in to the platform company', async () => {
    const company = await createCompany(t);
    const platformMember = await signedInMember(t, PLATFORM_COMPANY_ID, []);
    // The platform administrator themself, signed in to another company they administer.
    await grantAccess(t, { companyId: company.id, user: admin, roles: ['owner'] });
    const elsewhere = (await openTestSession(t, admin, { companyId: company.id })).cookie;
    const noCompany = (await openTestSession(t, admin, { companyId: null })).cookie;
    const ip = someIp();
    await t.db.prisma.ipBan.create({
      data: { ip, reason: 'rate_limit', expiresAt: new Date(Date.now() + 600_000) },
    });
    const before = await snapshot();
    for (const as of [platformMember.session.cookie, elsewhere, noCompany]) {
      expectRefused(
        await t.app.inject({ method: 'GET', url: '/v1/whitelist', headers: { cookie: as } }),
        'forbidden',
      );
      expectRefused(
        await t.app.inject({ method: 'GET', url: '/v1/banned', headers: { cookie: as } }),
        'forbidden',
      );
      expectRefused(await post('/v1/whitelist/add', { ip }, as), 'forbidden');
      expectRefused(await post('/v1/whitelist/remove', { ip }, as), 'forbidden');
      expectRefused(await post('/v1/banned/remove', { ip }, as), 'forbidden');
      // Refused before its payload is read: bad input learns nothing either.
      expectRefused(await post('/v1/whitelist/add', { ip: 'bad' }, as), 'forbidden');
    }
    expect(await snapshot()).toEqual(before);
  });
});
