import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';
import { deviceCodeHash } from './device-code.js';
import {
  call,
  deviceCodeFromMail,
  knownDevice,
  newFingerprint,
  sessionCookieOf,
  signInRequest,
} from './sign-in.fixtures.js';

describe('new device verification', () => {
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

  async function member() {
    const user = await createUser(t);
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
    return { user, company };
  }

  /** Signs in from a new device: the device_add answer's otpref and the e-mailed code. */
  async function startNewDevice(
    user: { username: string; password: string; email: string },
    dcd = newFingerprint(),
  ) {
    const response = await signInRequest(t, { uname: user.username, pass: user.password, dcd });
    expect(response.statusCode).toBe(401);
    const body = response.json() as { Code: string; Msg: { otpref: string } };
    expect(body.Code).toBe('device_add');
    expect(sessionCookieOf(response)).toBeUndefined();
    return { otpref: body.Msg.otpref, code: await deviceCodeFromMail(peer, user.email), dcd };
  }

  const verify = (refid: string, otp: string) =>
    call(t, 'POST', '/v1/device/verify', { refid, otp });

  it('device_add, the mailed code, then verify: 200, a cookie and a verified device', async () => {
    const { user, company } = await member();
    const { otpref, code, dcd } = await startNewDevice(user);

    const row = await t.db.prisma.deviceVerificationCode.findUniqueOrThrow({
      where: { refId: otpref },
    });
    expect(row).toMatchObject({
      userId: user.id,
      clientId: PORTAL_CLIENT_ID,
      fingerprintHash: sha256(dcd),
      deviceName: 'Chrome on Windows',
      deviceType: 'desktop',
      redirect: '/',
      attempts: 0,
      usedAt: null,
    });
    // Only the hash is stored; the code lives ten minutes.
    expect(row.codeHash).toBe(deviceCodeHash(otpref, code));
    expect(JSON.stringify(row)).not.toContain(code);
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(Math.abs(ttl - 10 * 60_000)).toBeLessThan(2_000);
    expect(await t.db.prisma.device.count({ where: { userId: user.id } })).toBe(0);

    const verified = await verify(otpref, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      Code: '200',
      Msg: { companies: [{ id: company.id }], retries_left: 5, dis: user.displayName },
    });
    const cookie = sessionCookieOf(verified);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    const device = await t.db.prisma.device.findFirstOrThrow({ where: { userId: user.id } });
    expect(device).toMatchObject({
      fingerprintHash: sha256(dcd),
      name: 'Chrome on Windows',
      type: 'desktop',
      status: 'active',
    });
    expect(device.verifiedAt).not.toBeNull();
    const session = await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(session).toMatchObject({ deviceId: device.id, tokenHash: sha256(cookie?.value ?? '') });

    // Single use.
    expect((await verify(otpref, code)).json()).toMatchObject({ Code: 'invalid_otp' });
    // The device is known now: the next sign-in goes straight through.
    const again = await signInRequest(t, { uname: user.username, pass: user.password, dcd });
    expect(again.json()).toMatchObject({ Code: '200' });
  });

  it('five wrong codes kill it: the right one then fails', async () => {
    const { user } = await member();
    const { otpref, code } = await startNewDevice(user);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(otpref, wrong);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ Code: 'invalid_otp' });
    }
    expect((await verify(otpref, code)).json()).toMatchObject({ Code: 'invalid_otp' });
    const row = await t.db.prisma.deviceVerificationCode.findUniqueOrThrow({
      where: { refId: otpref },
    });
    expect(row).toMatchObject({ attempts: 5, usedAt: null });
    expect(await t.db.prisma.device.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('counts wrong codes sent in parallel exactly', async () => {
    const { user } = await member();
    const { otpref, code } = await startNewDevice(user);
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(Array.from({ length: 8 }, () => verify(otpref, wrong)));
    const row = await t.db.prisma.deviceVerificationCode.findUniqueOrThrow({
      where: { refId: otpref },
    });
    expect(row.attempts).toBe(5);
  });

  it('checks no more than five of many guesses sent at once: the right one sent last fails', async () => {
    // Each round: 29 distinct wrong guesses, then the right code, all in flight together. Only
    // five guesses may ever be compared with the code, so the right one (behind the others)
    // must find the code dead, as it would one request after another.
    for (let round = 0; round < 3; round += 1) {
      const { user } = await member();
      const { otpref, code } = await startNewDevice(user);
      const wrong = Array.from({ length: 30 }, (_, i) => String(i * 7919).padStart(6, '0'))
        .filter((guess) => guess !== code)
        .slice(0, 29);
      const answers = await Promise.all([...wrong, code].map((otp) => verify(otpref, otp)));
      expect(answers.map((a) => a.json<{ Code: string }>().Code)).toEqual(
        Array.from({ length: 30 }, () => 'invalid_otp'),
      );
      const row = await t.db.prisma.deviceVerificationCode.findUniqueOrThrow({
        where: { refId: otpref },
      });
      expect(row).toMatchObject({ attempts: 5, usedAt: null });
      expect(await t.db.prisma.device.count({ where: { userId: user.id } })).toBe(0);
      expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    }
  });

  it('a right code sent several times at once signs in once', async () => {
    const { user } = await member();
    const { otpref, code } = await startNewDevice(user);
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(otpref, code)));
    const codes = answers.map((a) => a.json<{ Code: string }>().Code);
    expect(codes.filter((c) => c === '200')).toHaveLength(1);
    expect(codes.filter((c) => c === 'invalid_otp')).toHaveLength(5);
    expect(await t.db.prisma.device.count({ where: { userId: user.id } })).toBe(1);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('an expired code is invalid_otp', async () => {
    const { user } = await member();
    const { otpref, code } = await startNewDevice(user);
    await t.db.prisma.deviceVerificationCode.update({
      where: { refId: otpref },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await verify(otpref, code)).json()).toMatchObject({ Code: 'invalid_otp' });
    expect(await t.db.prisma.device.count({ where: { userId: user.id } })).toBe(0);
  });

  it('a newer code for the same device supersedes the older one; unknown refs fail', async () => {
    const { user } = await member();
    const first = await startNewDevice(user);
    const second = await startNewDevice(user, first.dcd);
    expect((await verify(first.otpref, first.code)).json()).toMatchObject({ Code: 'invalid_otp' });
    expect((await verify('no-such-ref', '123456')).json()).toMatchObject({ Code: 'invalid_otp' });
    expect((await verify(second.otpref, second.code)).json()).toMatchObject({ Code: '200' });
  });

  it('mail refused: mail_failed and no code row', async () => {
    const { user } = await member();
    peer.refuse(true);
    try {
      const response = await signInRequest(t, {
        uname: user.username,
        pass: user.password,
        dcd: newFingerprint(),
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ Code: 'mail_failed' });
    } finally {
      peer.refuse(false);
    }
    expect(await t.db.prisma.deviceVerificationCode.count({ where: { userId: user.id } })).toBe(0);
    expect(
      await t.db.prisma.auditEvent.count({
        where: { actorId: user.id, action: 'device.code_sent' },
      }),
    ).toBe(0);
  });

  it('re-checks the device limit at verification, leaving the code usable', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, deviceLimit: 1 });
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
    const response = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: client.id,
      dcd: newFingerprint(),
    });
    const { otpref } = (response.json() as { Msg: { otpref: string } }).Msg;
    const code = await deviceCodeFromMail(peer, user.email);
    // Meanwhile another device was verified (e.g. through another code).
    const other = await knownDevice(t, user.id, newFingerprint());
    const refused = await verify(otpref, code);
    expect(refused.json()).toMatchObject({ Code: 'device_limit_reached' });
    const row = await t.db.prisma.deviceVerificationCode.findUniqueOrThrow({
      where: { refId: otpref },
    });
    expect(row.usedAt).toBeNull();
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    // Once the other device is removed, the same code still works.
    await t.db.prisma.device.delete({ where: { id: other.id } });
    expect((await verify(otpref, code)).json()).toMatchObject({ Code: '200' });
  });

  it('bad input is incomplete_param', async () => {
    for (const payload of [
      { refid: 'x' },
      { refid: 'x', otp: '12' },
      { refid: 'x', otp: '123456', more: 1 },
    ]) {
      const response = await call(t, 'POST', '/v1/device/verify', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Code: 'incomplete_param' });
    }
  });
});
