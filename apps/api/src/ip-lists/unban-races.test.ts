import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow } from '../../test/row-lock.js';
import { bootstrapPlatform, openTestSession } from '../../test/factories.js';
import { recordBan } from '../abuse/bans.js';

/**
 * Lifting the bans of an address and recording a ban on it take the same per-IP lock
 * (`ip-ban:<ip>`): a recorder never reads as active a ban being lifted, and a ban recorded
 * while the bans are lifted is recorded after the unban, never before it unlifted. The test
 * holds the address's existing ban: the unban queues on it first, then the recorder.
 */
describe('an unban racing a ban being recorded', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    const admin = await bootstrapPlatform(t);
    cookie = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const someIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const unban = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/banned/remove',
      headers: { cookie },
      payload: { ip },
    });
  const activeBans = (ip: string) =>
    t.db.prisma.ipBan.findMany({
      where: { ip, liftedAt: null, expiresAt: { gt: new Date() } },
      select: { id: true, reason: true },
    });
  const existingBan = (ip: string) =>
    t.db.prisma.ipBan.create({
      data: {
        ip,
        reason: 'rate_limit',
        expiresAt: new Date(Date.now() + 14 * 60_000),
        attemptCount: 21,
      },
    });

  it('a rate-limit ban recorded while the ban is lifted is recorded anew, not read as active', async () => {
    const ip = someIp();
    const old = await existingBan(ip);
    const held = await holdRow(t, 'ip_bans', old.id);
    const lifted = unban(ip);
    await held.waitingOnLocks(1);
    const recorded = recordBan(t.app, { ip, reason: 'rate_limit', attemptCount: 31 });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await lifted).json()).toMatchObject({ Code: '200' });
    expect(await recorded).toMatchObject({ created: true });
    // The address went on over the limit after the unban: it is banned again.
    const active = await activeBans(ip);
    expect(active).toHaveLength(1);
    expect(active[0]?.id).not.toBe(old.id);
  });

  it('a ban of another reason recorded during the unban is recorded after it', async () => {
    const ip = someIp();
    const old = await existingBan(ip);
    const held = await holdRow(t, 'ip_bans', old.id);
    const lifted = unban(ip);
    await held.waitingOnLocks(1);
    const recorded = recordBan(t.app, { ip, reason: 'credential_stuffing', attemptCount: 12 });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await lifted).json()).toMatchObject({ Code: '200' });
    expect(await recorded).toMatchObject({ created: true });
    const events = await t.db.prisma.auditEvent.findMany({
      where: { target: ip, action: { in: ['ip.ban', 'ip.unban'] } },
      orderBy: { id: 'asc' },
      select: { action: true },
    });
    expect(events.map((event) => event.action)).toEqual(['ip.unban', 'ip.ban']);
  });
});
