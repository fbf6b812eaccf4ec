import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow, locksWaiting } from '../../test/row-lock.js';
import type { TestSession } from '../../test/factories.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import {
  call,
  deviceCodeFromMail,
  knownDevice,
  newFingerprint,
  signInRequest,
} from '../auth/sign-in.fixtures.js';

/**
 * Devices meeting parallel sign-ins (docs/accounts.md, "Devices"; docs/sign-in.md, "Devices").
 *
 * A device blocked or removed on another device while it signs in: the sign-in read the device
 * active before it hashed the password, and the change lands in between. The tests hold the
 * user's row so the sign-in's first statement waits, then change the device and let the sign-in
 * go on. Before, the blocked device got a live session (the block had ended its sessions without
 * the new one) and the removed one a server error (the session's foreign key).
 */
describe('devices under parallel sign-ins', () => {
  let t: TestApp;
  let peer: MailPeer;
  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    await bootstrapPlatform(t);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = (session: TestSession, path: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/devices/${path}`,
      headers: { cookie: session.cookie },
      payload,
    });
  const waiting = () => locksWaiting(t);

  async function signInWhile(
    change: (other: TestSession, deviceId: string) => Promise<LightMyRequestResponse>,
  ) {
    const user = await createUser(t);
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
    const device = await knownDevice(t, user.id, 'fp-race');
    const other = await openTestSession(t, user);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR NO KEY UPDATE`;
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const signIn = signInRequest(t, { uname: user.username, pass: user.password, dcd: 'fp-race' });
    await expect.poll(waiting).toBe(1);
    const changed = await change(other, device.id);
    release();
    await holder;
    return { user, device, changed, signIn: await signIn };
  }

  const sessionsOf = (userId: string) =>
    t.db.prisma.session.count({ where: { userId, endedAt: null } });

  it('blocked: the sign-in answers unauthorized_device and opens no session', async () => {
    const { user, device, changed, signIn } = await signInWhile((other, id) =>
      post(other, 'status', { id, status: 'blocked' }),
    );
    expect(changed.json()).toMatchObject({ Code: '200' });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ Code: 'unauthorized_device' });
    expect(signIn.headers['set-cookie']).toBeUndefined();
    expect(await t.db.prisma.session.count({ where: { deviceId: device.id } })).toBe(0);
    // Only the session that blocked it is live; no sign-in was recorded as a success.
    expect(await sessionsOf(user.id)).toBe(1);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'auth.sign_in', actorId: user.id } }),
    ).toBe(0);
  });

  it('removed: the sign-in answers unauthorized_device, not a server error', async () => {
    const { user, device, changed, signIn } = await signInWhile((other, id) =>
      post(other, 'remove', { id }),
    );
    expect(changed.json()).toMatchObject({ Code: '200' });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ Code: 'unauthorized_device' });
    expect(await t.db.prisma.device.findUnique({ where: { id: device.id } })).toBeNull();
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('reactivates no more blocked devices than the limit, however many at once', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, deviceLimit: 2 });
    const user = await createUser(t);
    const here = await openTestSession(t, user, { clientId: client.id });
    const first = await openTestSession(t, user, { clientId: client.id });
    const second = await openTestSession(t, user, { clientId: client.id });
    for (const id of [first.deviceId, second.deviceId]) {
      await t.db.prisma.device.update({ where: { id }, data: { status: 'blocked' } });
    }
    // One place is free (here is active); both reactivations queue on the user's row.
    const held = await holdRow(t, 'users', user.id);
    const one = post(here, 'status', { id: first.deviceId, status: 'active' });
    await held.waitingOnLocks(1);
    const two = post(here, 'status', { id: second.deviceId, status: 'active' });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await one).json()).toMatchObject({ Code: '200' });
    expect((await two).json()).toMatchObject({ Code: 'device_limit_reached' });
    expect(await t.db.prisma.device.count({ where: { userId: user.id, status: 'active' } })).toBe(
      2,
    );
  });

  it('verifies no more new devices than the limit, however many codes arrive at once', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, deviceLimit: 2 });
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
    const codes: { refid: string; otp: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const added = await signInRequest(t, {
        uname: user.username,
        pass: user.password,
        client: client.id,
        dcd: newFingerprint(),
      });
      const { otpref } = (added.json() as { Msg: { otpref: string } }).Msg;
      codes.push({ refid: otpref, otp: await deviceCodeFromMail(peer, user.email) });
    }
    const answers = await Promise.all(
      codes.map((code) => call(t, 'POST', '/v1/device/verify', code)),
    );
    const answered = answers.map((answer) => answer.json<{ Code: string }>().Code).sort();
    expect(answered).toEqual(['200', '200', ...Array<string>(3).fill('device_limit_reached')]);
    expect(await t.db.prisma.device.count({ where: { userId: user.id } })).toBe(2);
    expect(await sessionsOf(user.id)).toBe(2);
  });
});
