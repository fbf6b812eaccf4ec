import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow, locksWaiting } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import { call, knownDevice, signInRequest } from './sign-in.fixtures.js';

/**
 * users.last_login_at moves only with a session actually opened: a sign-in that its session's
 * statement refuses (the device blocked, or the continued session signed out, while the
 * sign-in was under way) leaves it as it was.
 */
describe('last_login_at on a refused sign-in', () => {
  let t: TestApp;
  let companyId: string;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
  });
  afterAll(() => t.close());

  async function member() {
    const user = await createUser(t);
    await grantAccess(t, { companyId, user, roles: ['admin'] });
    return user;
  }
  const lastLoginOf = async (userId: string) =>
    (await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).lastLoginAt;

  it('does not move when the device is blocked while the password sign-in is under way', async () => {
    const user = await member();
    const device = await knownDevice(t, user.id);
    // The block takes the device's row first; the sign-in's statement waits for it.
    let commit = () => {};
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const block = t.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM devices WHERE id = ${device.id} FOR UPDATE`;
        locked();
        await committing;
        await tx.device.update({ where: { id: device.id }, data: { status: 'blocked' } });
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const signingIn = signInRequest(t, { uname: user.username, pass: user.password });
    await expect.poll(() => locksWaiting(t)).toBe(1);
    commit();
    await block;
    const answer = await signingIn;
    expect(answer.json()).toMatchObject({ Code: 'unauthorized_device' });
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await lastLoginOf(user.id)).toBeNull();
  });

  it('does not move when an auto-login finds its session signed out meanwhile', async () => {
    const user = await member();
    const session = await openTestSession(t, user);
    const held = await holdRow(t, 'devices', session.deviceId);
    const continued = call(
      t,
      'POST',
      '/v1/auth/autologin',
      { client: PORTAL_CLIENT_ID, redirect: '/' },
      { cookie: session.cookie },
    );
    await held.waitingOnLocks(1);
    await call(t, 'POST', '/v1/auth/signout', {}, { cookie: session.cookie });
    await held.release();
    expect((await continued).json()).toMatchObject({ Code: 'session_invalid' });
    expect(await lastLoginOf(user.id)).toBeNull();
  });

  it('moves with a session opened', async () => {
    const user = await member();
    await knownDevice(t, user.id);
    const answer = await signInRequest(t, { uname: user.username, pass: user.password });
    expect(answer.json()).toMatchObject({ Code: '200' });
    const session = await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(await lastLoginOf(user.id)).not.toBeNull();
    expect(session.endedAt).toBeNull();
  });
});
