import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../../test/harness.js';
import { startTestApp } from '../../../test/harness.js';
import type { MailPeer } from '../../../test/mail-peer.js';
import { startMailPeer } from '../../../test/mail-peer.js';
import {
  b64,
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
} from '../../../test/factories.js';
import {
  DESKTOP_CHROME,
  deviceCodeFromMail,
  freshIp,
  knownDevice,
  sessionCookieOf,
  signInRequest,
} from '../../auth/sign-in.fixtures.js';

/**
 * auth.reauth from another browser than the session's device (specification, section 4:
 * "device_add starts device verification"): a session cookie carried elsewhere cannot be lifted
 * in place there, whatever credential comes with it.
 */
describe('re-authentication from another browser', () => {
  let peer: MailPeer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    await bootstrapPlatform(t);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  /** A real sign-in on the browser 'fingerprint-1', then idle past the client's timeout. */
  async function idleSession() {
    const user = await createUser(t);
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: ['owner'] });
    await knownDevice(t, user.id, 'fingerprint-1');
    const res = await signInRequest(t, { uname: user.username, pass: user.password });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res)?.cookie ?? '';
    const session = await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    await t.db.prisma.session.update({
      where: { id: session.id },
      data: { lastSeenAt: new Date(Date.now() - 3600_000) },
    });
    return { user, cookie, session };
  }

  const reauth = (cookie: string, password: string, dcd?: string, redirect = '/profile') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/reauth',
      remoteAddress: freshIp(),
      headers: { cookie, 'user-agent': DESKTOP_CHROME },
      payload: {
        credential_type: 'password',
        credential_value: b64(password),
        client: PORTAL_CLIENT_ID,
        redirect,
        ...(dcd === undefined ? {} : { dcd }),
      },
    });

  it("lifts the session in place from the session's own browser", async () => {
    const { user, cookie } = await idleSession();
    const res = await reauth(cookie, user.password, 'fingerprint-1');
    expect(res.json()).toEqual({ Code: '200', Msg: 'Re-authenticated' });
  });

  it('answers device_add from another browser, mails a code, and the code opens a session there', async () => {
    const { user, cookie, session } = await idleSession();
    const res = await reauth(cookie, user.password, 'stolen-cookie-browser');
    expect(res.json()).toMatchObject({ Code: 'device_add', Msg: { otpref: expect.any(String) } });
    // No new cookie, and the idle session was not lifted.
    expect(sessionCookieOf(res)).toBeUndefined();
    const row = await t.db.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.tokenHash).toBe(session.tokenHash);
    expect(Date.now() - row.lastSeenAt.getTime()).toBeGreaterThan(3000_000);

    const otp = await deviceCodeFromMail(peer, user.email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/device/verify',
      remoteAddress: freshIp(),
      headers: { 'user-agent': DESKTOP_CHROME },
      payload: { refid: res.json().Msg.otpref, otp },
    });
    expect(verified.json()).toMatchObject({ Code: '200' });
    expect(sessionCookieOf(verified)).toBeDefined();
    expect(await t.db.prisma.device.count({ where: { userId: user.id } })).toBe(2);
  });

  it('refuses from another browser a redirect that a sign-in would refuse, and mails nothing', async () => {
    const { user, cookie } = await idleSession();
    for (const redirect of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await reauth(cookie, user.password, 'another-browser', redirect);
      expect(res.json()).toMatchObject({ Code: 'callback_invalid' });
    }
    expect(await t.db.prisma.deviceVerificationCode.count({ where: { userId: user.id } })).toBe(0);
  });

  it('answers account_failed for a wrong password from another browser, and mails nothing', async () => {
    const { user, cookie } = await idleSession();
    const res = await reauth(cookie, `${user.password}-wrong`, 'another-browser');
    expect(res.json()).toMatchObject({ Code: 'account_failed' });
    expect(await t.db.prisma.deviceVerificationCode.count({ where: { userId: user.id } })).toBe(0);
  });
});
