import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow, locksWaiting } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  openTestSession,
} from '../../test/factories.js';
import { recordBan } from '../abuse/bans.js';
import { STUFFING_DISTINCT_USERNAMES, recordSignInAttempt } from '../abuse/sign-in-defence.js';

/**
 * Whitelisting an address lifts its bans, and a whitelisted address is never banned: the add and
 * a ban being recorded take the same per-IP lock (`ip-ban:<ip>`), so whichever comes second sees
 * what the first did. Without it, a ban recorded meanwhile survives the add (an active ban on a
 * whitelisted address, listed as banned and back in force once the address leaves the list).
 */
describe('whitelisting an address racing a ban being recorded', () => {
  let t: TestApp;
  let cookie: string;
  let clientId: string;
  beforeAll(async () => {
    t = await startTestApp();
    const admin = await bootstrapPlatform(t);
    cookie = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
    // A client of the bans' own: holding its row stops a recorder's insert (the foreign key)
    // and nothing else.
    const app = await createApp(t);
    clientId = (await createClient(t, { appId: app.id })).id;
  });
  afterAll(() => t.close());

  const someIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const whitelist = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/whitelist/add',
      headers: { cookie },
      payload: { ip },
    });
  const activeBans = (ip: string) =>
    t.db.prisma.ipBan.count({ where: { ip, liftedAt: null, expiresAt: { gt: new Date() } } });

  /**
   * Until `count` statements wait on a lock, or `work` is done without waiting: with the lock a
   * request queues; without it, it runs through, and the test must go on to show what it left.
   */
  async function queuedOrDone(count: number, work: Promise<unknown>): Promise<void> {
    let done = false;
    void work.finally(() => (done = true)).catch(() => {});
    for (let tries = 0; tries < 200 && !done; tries += 1) {
      if ((await locksWaiting(t)) === count) return;
      await sleep(25);
    }
    if (!done) throw new Error(`neither ${count} statements waiting nor the work done`);
  }

  it('a ban recorded while the address is whitelisted is not left active', async () => {
    const ip = someIp();
    const old = await t.db.prisma.ipBan.create({
      data: { ip, reason: 'rate_limit', expiresAt: new Date(Date.now() + 14 * 60_000) },
    });
    // The add lifts the old ban: it queues on its row, inside its transaction.
    const held = await holdRow(t, 'ip_bans', old.id);
    const added = whitelist(ip);
    await held.waitingOnLocks(1);
    const recorded = recordBan(t.app, { ip, reason: 'credential_stuffing', attemptCount: 12 });
    await queuedOrDone(2, recorded);
    await held.release();
    expect((await added).json()).toMatchObject({ Code: '200' });
    expect(await recorded).toMatchObject({ created: false });
    expect(await activeBans(ip)).toBe(0);
  });

  it('an address whitelisted while its ban is being recorded has the new ban lifted', async () => {
    const ip = someIp();
    // The recorder holds the per-IP lock and waits on the client's row (its insert's key).
    const held = await holdRow(t, 'clients', clientId);
    const recorded = recordBan(t.app, { ip, reason: 'rate_limit', attemptCount: 31, clientId });
    await held.waitingOnLocks(1);
    const added = whitelist(ip);
    await queuedOrDone(2, added);
    await held.release();
    expect(await recorded).toMatchObject({ created: true });
    const answer = await added;
    expect(answer.json()).toMatchObject({ Code: '200' });
    expect(await activeBans(ip)).toBe(0);
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'ip.whitelist_add', target: ip },
    });
    expect(audit.details).toMatchObject({ liftedBans: 1 });
  });

  it('a ban asked for a whitelisted address is not recorded', async () => {
    const ip = someIp();
    expect((await whitelist(ip)).json()).toMatchObject({ Code: '200' });
    expect(await recordBan(t.app, { ip, reason: 'rate_limit', attemptCount: 21 })).toEqual({
      created: false,
      expiresAt: null,
    });
    expect(await t.db.prisma.ipBan.count({ where: { ip } })).toBe(0);
  });

  it('credential stuffing from an address another replica whitelisted is neither banned nor refused', async () => {
    const ip = someIp();
    // This process's copy of the whitelist is fresh and does not hold the address yet.
    expect(await t.app.abuse.whitelist.has(ip)).toBe(false);
    await t.db.prisma.ipWhitelistEntry.create({ data: { ip, description: 'other replica' } });
    for (let i = 0; i < STUFFING_DISTINCT_USERNAMES; i += 1) {
      await recordSignInAttempt(t.app, {
        ip,
        username: `sprayed_${i}`,
        success: false,
        reason: 'user_not_found',
      });
    }
    expect(await t.db.prisma.ipBan.count({ where: { ip } })).toBe(0);
  });
});
