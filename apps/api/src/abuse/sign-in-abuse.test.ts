import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID, PORTAL_APP_ID, PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import { freshIp, knownDevice, signInRequest } from '../auth/sign-in.fixtures.js';
import { CREDENTIAL_RATE_LIMIT_MAX, STUFFING_DISTINCT_USERNAMES } from './sign-in-defence.js';

/** The defence as an attacker meets it: through POST /v1/auth itself. */
describe('brute-force defence at the sign-in call', () => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    const admin = await bootstrapPlatform(t);
    adminCookie = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  async function member() {
    const user = await createUser(t);
    await grantAccess(t, { companyId: (await createCompany(t)).id, user, roles: ['admin'] });
    await knownDevice(t, user.id);
    return user;
  }

  it('bans a sprayer as credential stuffing until an administrator lifts it', async () => {
    const ip = freshIp();
    const victim = await member();
    const answers: string[] = [];
    for (let i = 0; i < STUFFING_DISTINCT_USERNAMES; i += 1) {
      const answer = await signInRequest(t, { uname: `sprayed_${i}`, pass: 'Guess1234' }, { ip });
      answers.push(answer.json().Code);
    }
    expect(answers.slice(0, -1).every((code) => code !== 'credential_stuffing_detected')).toBe(
      true,
    );
    expect(answers.at(-1)).toBe('credential_stuffing_detected');

    // Even the right password is refused from that address now, without being checked.
    const right = await signInRequest(t, { uname: victim.username, pass: victim.password }, { ip });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ Code: 'credential_stuffing_detected' });
    const ban = await t.db.prisma.ipBan.findFirstOrThrow({ where: { ip } });
    expect(ban).toMatchObject({
      reason: 'credential_stuffing',
      clientId: PORTAL_CLIENT_ID,
      appId: PORTAL_APP_ID,
    });
    expect(ban.blockedUsers).toHaveLength(STUFFING_DISTINCT_USERNAMES);
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'ip.ban', target: ip },
    });
    expect(JSON.stringify(audit.details)).not.toContain('Guess1234');

    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/banned',
      headers: { cookie: adminCookie },
    });
    expect(listed.json().Msg.banned).toContainEqual(
      expect.objectContaining({ ip, reason: 'credential_stuffing' }),
    );
    const unban = await t.app.inject({
      method: 'POST',
      url: '/v1/banned/remove',
      headers: { cookie: adminCookie },
      payload: { ip },
    });
    expect(unban.json()).toMatchObject({ Code: '200' });
    const again = await signInRequest(t, { uname: victim.username, pass: victim.password }, { ip });
    expect(again.json()).toMatchObject({ Code: '200' });
  });

  it('answers rate_limit_exceeded past the per-IP limit and bans the address', async () => {
    const ip = freshIp();
    const user = await member();
    for (let i = 0; i < CREDENTIAL_RATE_LIMIT_MAX; i += 1) {
      const answer = await signInRequest(t, { uname: user.username, pass: 'WrongPass1' }, { ip });
      expect(answer.statusCode).not.toBe(429);
    }
    const refused = await signInRequest(t, { uname: user.username, pass: user.password }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ Code: 'rate_limit_exceeded' });
    expect(await t.db.prisma.ipBan.findMany({ where: { ip } })).toEqual([
      expect.objectContaining({
        reason: 'rate_limit',
        clientId: PORTAL_CLIENT_ID,
        appId: PORTAL_APP_ID,
        attemptCount: CREDENTIAL_RATE_LIMIT_MAX + 1,
      }),
    ]);
    // Another address is not affected.
    const elsewhere = await member();
    expect(
      (await signInRequest(t, { uname: elsewhere.username, pass: elsewhere.password })).json(),
    ).toMatchObject({ Code: '200' });
  });

  it('refuses a banned address before any gate, and writes nothing for it', async () => {
    const ip = freshIp();
    const user = await member();
    const hour = 60 * 60_000;
    await t.db.prisma.ipBan.create({
      data: { ip, reason: 'rate_limit', expiresAt: new Date(Date.now() + hour) },
    });
    const refused = await signInRequest(t, { uname: user.username, pass: user.password }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ Code: 'rate_limit_exceeded' });
    // An unknown client is not looked at either: the ban answers first.
    const unknownClient = await signInRequest(
      t,
      { uname: user.username, pass: user.password, client: 'no-such-client' },
      { ip },
    );
    expect(unknownClient.json()).toMatchObject({ Code: 'rate_limit_exceeded' });
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.failedLoginCount).toBe(0);
    expect(await t.db.prisma.loginAttempt.count({ where: { ip } })).toBe(0);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.db.prisma.auditEvent.count({ where: { ip } })).toBe(0);

    // A credential-stuffing ban on the same address is the graver answer.
    await t.db.prisma.ipBan.create({
      data: { ip, reason: 'credential_stuffing', expiresAt: new Date(Date.now() + hour) },
    });
    const graver = await signInRequest(t, { uname: user.username, pass: user.password }, { ip });
    expect(graver.json()).toMatchObject({ Code: 'credential_stuffing_detected' });

    // Whitelisted, the address's bans no longer refuse it.
    await t.db.prisma.ipWhitelistEntry.create({ data: { ip } });
    t.app.abuse.whitelist.invalidate();
    const allowed = await signInRequest(t, { uname: user.username, pass: user.password }, { ip });
    expect(allowed.json()).toMatchObject({ Code: '200' });
  });
});
