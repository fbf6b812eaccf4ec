import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import { holdRow, locksWaiting } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';
import {
  call,
  deviceCodeFromMail,
  newFingerprint,
  sessionCookieOf,
  signInRequest,
} from './sign-in.fixtures.js';

/**
 * Auto-login and device verification meeting a block, a reset or a sign-out (docs/sign-in.md,
 * "Sessions"). Each race is ordered with a held row (test/row-lock.ts). Before, the sign-in
 * re-checked neither the account nor the session it continues in the statement that opens the
 * session: an account blocked or reset meanwhile, whose sessions the block or reset had ended,
 * got a live one, and so did a browser that had just signed out.
 */
describe('sign-ins under a parallel block, reset or sign-out', () => {
  let t: TestApp;
  let peer: MailPeer;
  let companyId: string;
  let owner: Awaited<ReturnType<typeof signedInMember>>;
  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    owner = await signedInMember(t, companyId, ['owner']);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  /** An administrator of the company (the owner may reset them), with a portal session. */
  async function member() {
    const user = await createUser(t);
    await grantAccess(t, { companyId, user, roles: ['admin'] });
    return { user, session: await openTestSession(t, user) };
  }
  const autologin = (cookie: string) =>
    call(t, 'POST', '/v1/auth/autologin', { client: PORTAL_CLIENT_ID, redirect: '/' }, { cookie });
  const resetBy = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/users/reset',
      headers: { cookie: owner.session.cookie },
      payload: { username },
    });
  const liveSessions = (userId: string) =>
    t.db.prisma.session.count({ where: { userId, endedAt: null } });
  const waiting = () => locksWaiting(t);

  it('auto-login against the retry limit reached from another browser: no live session', async () => {
    const { user, session } = await member();
    const portal = await t.db.prisma.client.findUniqueOrThrow({ where: { id: PORTAL_CLIENT_ID } });
    await t.db.prisma.user.update({
      where: { id: user.id },
      data: { failedLoginCount: portal.loginRetryLimit - 1 },
    });
    // The auto-login waits on its device's row inside its statement; the guess that takes the
    // last attempt comes from elsewhere and blocks the account, ending its sessions.
    const held = await holdRow(t, 'devices', session.deviceId);
    const continued = autologin(session.cookie);
    await held.waitingOnLocks(1);
    let guessed = false;
    const guess = signInRequest(t, { uname: user.username, pass: 'Wrong1234', dcd: 'elsewhere' });
    void guess.then(() => (guessed = true));
    // Either the guess went through, or it queues behind the auto-login (which then holds the
    // account's row): the block then lands after the session, and ends it.
    await expect.poll(async () => guessed || (await waiting()) === 2).toBe(true);
    await held.release();
    const [answer, blocked] = await Promise.all([continued, guess]);
    expect(blocked.json()).toMatchObject({ Code: 'account_blocked' });
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe(
      'blocked',
    );
    // The blocked account keeps no live session, whichever way the race went.
    expect(await liveSessions(user.id)).toBe(0);
    if (answer.statusCode !== 200) expect(answer.json()).toMatchObject({ Code: 'session_invalid' });
  });

  it('auto-login after a reset ended the sessions: session_invalid, nothing opened', async () => {
    const { user, session } = await member();
    // The reset takes the account's row first; the auto-login read the account active and its
    // statement waits for the same row.
    const held = await holdRow(t, 'users', user.id);
    const reset = resetBy(user.username);
    await held.waitingOnLocks(1);
    const continued = autologin(session.cookie);
    await held.waitingOnLocks(2);
    await held.release();
    expect((await reset).json()).toMatchObject({ Code: '200' });
    const answer = await continued;
    expect(answer.json()).toMatchObject({ Code: 'session_invalid' });
    expect(sessionCookieOf(answer)).toBeUndefined();
    expect(await liveSessions(user.id)).toBe(0);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'auth.sign_in', actorId: user.id } }),
    ).toBe(0);
    await peer.nextMailTo(user.email); // the reset link
  });

  it('device verification after a reset ended the sessions: refused, the code kept', async () => {
    const { user } = await member();
    const dcd = newFingerprint();
    const added = await signInRequest(t, { uname: user.username, pass: user.password, dcd });
    const { otpref } = (added.json() as { Msg: { otpref: string } }).Msg;
    const otp = await deviceCodeFromMail(peer, user.email);
    const held = await holdRow(t, 'users', user.id);
    const reset = resetBy(user.username);
    await held.waitingOnLocks(1);
    const verified = call(t, 'POST', '/v1/device/verify', { refid: otpref, otp });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await reset).json()).toMatchObject({ Code: '200' });
    const answer = await verified;
    expect(answer.json()).toMatchObject({ Code: 'account_awaiting_reset' });
    expect(sessionCookieOf(answer)).toBeUndefined();
    expect(await liveSessions(user.id)).toBe(0);
    expect(await t.db.prisma.device.count({ where: { userId: user.id } })).toBe(1);
    // Rolled back with the refusal: the code is unused, as after any failed gate.
    const code = await t.db.prisma.deviceVerificationCode.findUniqueOrThrow({
      where: { refId: otpref },
    });
    expect(code.usedAt).toBeNull();
    await peer.nextMailTo(user.email); // the reset link
  });

  it('auto-login after the same browser signed out: session_invalid, no cookie', async () => {
    const { user, session } = await member();
    const held = await holdRow(t, 'devices', session.deviceId);
    const continued = autologin(session.cookie);
    await held.waitingOnLocks(1);
    const out = await call(t, 'POST', '/v1/auth/signout', {}, { cookie: session.cookie });
    expect(out.json()).toMatchObject({ Code: '200' });
    await held.release();
    const answer = await continued;
    expect(answer.json()).toMatchObject({ Code: 'session_invalid' });
    expect(sessionCookieOf(answer)).toBeUndefined();
    expect(await liveSessions(user.id)).toBe(0);
    const ended = await t.db.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(ended.endReason).toBe('signed_out');
  });
});
