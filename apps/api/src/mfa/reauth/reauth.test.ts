import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID, SESSION_COOKIE } from '@portico/contracts';
import type { TestApp } from '../../../test/harness.js';
import { startTestApp } from '../../../test/harness.js';
import type { TestSession, TestUser } from '../../../test/factories.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createClient,
  createUser,
  openTestSession,
} from '../../../test/factories.js';
import { hashSecret } from '../../credentials/argon2.js';
import { sha256 } from '../../credentials/tokens.js';
import { requireSession } from '../../sessions/session-guard.js';

/** POST /v1/auth/reauth by password and MPIN (passkeys: passkeys/passkeys.test.ts). */
describe('re-authentication', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const PIN = '480213';

  beforeAll(async () => {
    // A probe behind the `session` level (live sessions only), as an idle one must fail it.
    t = await startTestApp({}, false, async (app) => {
      app.get('/probe', async (request) => {
        await requireSession(app, request, false);
        return { live: true };
      });
    });
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const reauth = (cookie: string, payload: unknown, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/reauth',
      headers: { cookie },
      payload: payload as object,
      remoteAddress: ip,
    });
  const byPassword = (password: string, client = PORTAL_CLIENT_ID) => ({
    credential_type: 'password',
    credential_value: b64(password),
    client,
    redirect: '/',
  });
  const byPin = (pin: string, client = PORTAL_CLIENT_ID) => ({
    credential_type: 'mpin',
    credential_value: pin,
    client,
    redirect: '/',
  });
  const settings = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/v1/mfa/settings', headers: { cookie } });
  const probe = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/probe', headers: { cookie } });
  const sessionRow = (id: string) => t.db.prisma.session.findUniqueOrThrow({ where: { id } });
  /** An ordinary idle session: live once, then quiet for longer than the client's timeout. */
  const idle = async (user: { id: string }, clientId?: string) => {
    const session = await openTestSession(t, user, clientId ? { clientId } : {});
    await t.db.prisma.session.update({
      where: { id: session.id },
      data: { lastSeenAt: new Date(Date.now() - 3600_000) },
    });
    return session;
  };
  const withPin = async (fields: { enabled?: boolean; failedCount?: number } = {}) => {
    const user = await createUser(t);
    await t.db.prisma.pin.create({
      data: { userId: user.id, hash: await hashSecret(PIN), failedCount: fields.failedCount ?? 0 },
    });
    await t.db.prisma.user.update({
      where: { id: user.id },
      data: { pinEnabled: fields.enabled ?? true },
    });
    return user;
  };
  const clientWithLimit = async (loginRetryLimit: number) => {
    const app = await createApp(t);
    return createClient(t, { appId: app.id, loginRetryLimit });
  };
  const newCookie = (res: Awaited<ReturnType<typeof reauth>>) => {
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error('no session cookie set');
    return cookie;
  };

  describe('by password', () => {
    it('lifts an idle session with a new token; the old one stops working', async () => {
      const user = await createUser(t);
      const session = await openTestSession(t, user, { needsConfirmation: true });
      expect((await probe(session.cookie)).json()).toMatchObject({ Code: 'session_expired' });

      const res = await reauth(session.cookie, byPassword(user.password));
      expect(res.json()).toEqual({ Code: '200', Msg: 'Re-authenticated' });
      const cookie = newCookie(res);
      expect(cookie.value).not.toBe(session.token);
      expect(cookie.httpOnly).toBe(true);
      const row = await sessionRow(session.id);
      expect(row.tokenHash).toBe(sha256(cookie.value));
      expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
      // The cookie lives until the session's TTL, which did not restart.
      const secondsLeft = (row.expiresAt.getTime() - Date.now()) / 1000;
      expect(Math.abs((cookie.maxAge ?? 0) - secondsLeft)).toBeLessThan(5);

      const fresh = `${SESSION_COOKIE}=${cookie.value}`;
      expect((await probe(fresh)).json()).toEqual({ live: true });
      const live = await settings(fresh);
      expect(live.json()).toMatchObject({ Code: '200', Msg: { is_pin_enabled: false } });
      expect(live.json().Msg.dis).toBeUndefined();
      expect((await probe(session.cookie)).json()).toMatchObject({ Code: 'session_invalid' });
      expect((await settings(session.cookie)).json()).toMatchObject({ Code: 'session_invalid' });

      const events = await t.db.prisma.auditEvent.findMany({
        where: { actorId: user.id, action: 'auth.reauthenticated' },
      });
      expect(events.map((e) => [e.target, e.details])).toEqual([
        [session.id, { method: 'password', confirmation: true }],
      ]);
    });

    it('also renews a live session and an ordinary idle one', async () => {
      const user = await createUser(t);
      const live = await openTestSession(t, user);
      expect((await reauth(live.cookie, byPassword(user.password))).json().Code).toBe('200');
      const quiet = await idle(user);
      expect((await reauth(quiet.cookie, byPassword(user.password))).json().Code).toBe('200');
    });

    it('answers account_failed with retries_left, then account_blocked and ends the sessions', async () => {
      const client = await clientWithLimit(3);
      const user = await createUser(t);
      const session = await idle(user, client.id);
      const other = await openTestSession(t, user);
      const first = await reauth(session.cookie, byPassword('Wrong1234', client.id));
      expect(first.statusCode).toBe(401);
      expect(first.json()).toEqual({ Code: 'account_failed', Msg: { retries_left: 2 } });
      expect(first.cookies).toHaveLength(0);
      expect((await reauth(session.cookie, byPassword('Wrong1234', client.id))).json()).toEqual({
        Code: 'account_failed',
        Msg: { retries_left: 1 },
      });
      const blocked = await reauth(session.cookie, byPassword('Wrong1234', client.id));
      expect(blocked.json()).toMatchObject({ Code: 'account_blocked' });
      const userRow = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(userRow.status).toBe('blocked');
      expect((await sessionRow(session.id)).endedAt).not.toBeNull();
      expect((await sessionRow(other.id)).endedAt).not.toBeNull();
      expect(
        (await reauth(session.cookie, byPassword(user.password, client.id))).json(),
      ).toMatchObject({ Code: 'session_invalid' });
    });

    it('refuses a blocked account without checking or counting the password', async () => {
      const user = await createUser(t, { status: 'blocked' });
      const session = await idle(user);
      const res = await reauth(session.cookie, byPassword(user.password));
      expect(res.json()).toMatchObject({ Code: 'account_blocked' });
      const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(row.failedLoginCount).toBe(0);
      expect((await sessionRow(session.id)).tokenHash).toBe(sha256(session.token));
    });
  });

  describe('by MPIN', () => {
    it('counts wrong PINs down, then a right one lifts the session and clears the count', async () => {
      const user = await withPin();
      const session = await idle(user);
      const wrong1 = await reauth(session.cookie, byPin('935172'));
      expect(wrong1.statusCode).toBe(401);
      expect(wrong1.json()).toEqual({ Code: 'invalid_pin', Msg: { retries_left: 4 } });
      expect((await reauth(session.cookie, byPin('935172'))).json()).toEqual({
        Code: 'invalid_pin',
        Msg: { retries_left: 3 },
      });
      expect((await sessionRow(session.id)).tokenHash).toBe(sha256(session.token));

      const ok = await reauth(session.cookie, byPin(PIN));
      expect(ok.json()).toMatchObject({ Code: '200' });
      const cookie = newCookie(ok);
      expect((await probe(`${SESSION_COOKIE}=${cookie.value}`)).json()).toEqual({ live: true });
      const pin = await t.db.prisma.pin.findUniqueOrThrow({ where: { userId: user.id } });
      expect(pin.failedCount).toBe(0);
    });

    it('blocks the account when the PIN reaches the retry limit', async () => {
      const client = await clientWithLimit(2);
      const user = await withPin();
      const session = await idle(user, client.id);
      expect((await reauth(session.cookie, byPin('935172', client.id))).json()).toEqual({
        Code: 'invalid_pin',
        Msg: { retries_left: 1 },
      });
      const blocked = await reauth(session.cookie, byPin('935172', client.id));
      expect(blocked.json()).toMatchObject({ Code: 'account_blocked' });
      const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(row.status).toBe('blocked');
      expect(row.failedLoginCount).toBe(0);
      expect((await sessionRow(session.id)).endReason).toBe('revoked');
      const events = await t.db.prisma.auditEvent.findMany({
        where: { target: user.id, action: 'account.blocked' },
      });
      expect(events.map((e) => e.details)).toEqual([{ credential: 'mpin' }]);
    });

    it('counts parallel wrong PINs exactly', async () => {
      const user = await withPin();
      const session = await idle(user);
      const answers = await Promise.all(
        [1, 2, 3].map(() => reauth(session.cookie, byPin('935172'))),
      );
      const left = answers.map((res) => res.json().Msg.retries_left as number).sort();
      expect(left).toEqual([2, 3, 4]);
      const pin = await t.db.prisma.pin.findUniqueOrThrow({ where: { userId: user.id } });
      expect(pin.failedCount).toBe(3);
    });

    it('refuses even the right PIN once its count is at the limit (until a password reset)', async () => {
      const user = await withPin({ failedCount: 5 });
      const session = await idle(user);
      expect((await reauth(session.cookie, byPin(PIN))).json()).toMatchObject({
        Code: 'account_blocked',
      });
      const pin = await t.db.prisma.pin.findUniqueOrThrow({ where: { userId: user.id } });
      expect(pin.failedCount).toBe(5);
      expect((await sessionRow(session.id)).tokenHash).toBe(sha256(session.token));
    });

    it('answers invalid_credentials when no PIN is set or PIN sign-in is off', async () => {
      const noPin = await createUser(t);
      const s1 = await idle(noPin);
      expect((await reauth(s1.cookie, byPin(PIN))).json()).toMatchObject({
        Code: 'invalid_credentials',
      });
      const off = await withPin({ enabled: false });
      const s2 = await idle(off);
      expect((await reauth(s2.cookie, byPin(PIN))).json()).toMatchObject({
        Code: 'invalid_credentials',
      });
      const pin = await t.db.prisma.pin.findUniqueOrThrow({ where: { userId: off.id } });
      expect(pin.failedCount).toBe(0);
    });
  });

  describe('sign-in confirmation', () => {
    it('requires the enabled second factor, not the password again', async () => {
      const user = await withPin();
      const session = await openTestSession(t, user, { needsConfirmation: true });
      const res = await reauth(session.cookie, byPassword(user.password));
      expect(res.json()).toMatchObject({ Code: 'invalid_credentials' });
      expect((await probe(session.cookie)).json()).toMatchObject({ Code: 'session_expired' });
      const ok = await reauth(session.cookie, byPin(PIN));
      expect(ok.json()).toMatchObject({ Code: '200' });
      // Once confirmed, a later expiry may be lifted by password again.
      const cookie = `${SESSION_COOKIE}=${newCookie(ok).value}`;
      expect((await reauth(cookie, byPassword(user.password))).json()).toMatchObject({
        Code: '200',
      });
    });
  });

  describe('refusals', () => {
    let user: TestUser;
    let session: TestSession;
    beforeAll(async () => {
      user = await createUser(t);
      session = await idle(user);
    });

    it('refuses the client of another session with callback_invalid', async () => {
      const client = await clientWithLimit(5);
      const res = await reauth(session.cookie, byPassword(user.password, client.id));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Code: 'callback_invalid' });
      expect((await sessionRow(session.id)).tokenHash).toBe(sha256(session.token));
    });

    it('answers session_invalid for an ended or past-TTL session', async () => {
      const ended = await idle(user);
      await t.db.prisma.session.update({ where: { id: ended.id }, data: { endedAt: new Date() } });
      expect((await reauth(ended.cookie, byPassword(user.password))).json()).toMatchObject({
        Code: 'session_invalid',
      });
      const old = await idle(user);
      await t.db.prisma.session.update({ where: { id: old.id }, data: { expiresAt: new Date() } });
      expect((await reauth(old.cookie, byPassword(user.password))).json()).toMatchObject({
        Code: 'session_invalid',
      });
      expect((await sessionRow(old.id)).tokenHash).toBe(sha256(old.token));
    });

    it.each([
      ['an unknown credential type', { ...byPassword('x'), credential_type: 'otp' }],
      ['a five-digit PIN', byPin('48021')],
      ['a PIN with a letter', byPin('48021a')],
      ['a password not in base64', { ...byPassword('x'), credential_value: 'not base64!' }],
      ['an empty password', { ...byPassword('x'), credential_value: '' }],
      ['no client', { credential_type: 'password', credential_value: 'eA==', redirect: '/' }],
      ['a passkey that is a string', { ...byPassword('x'), credential_type: 'passkey' }],
      ['an extra field', { ...byPassword('x'), admin: true }],
      ['no body', undefined],
    ])('answers incomplete_param for %s and changes nothing', async (_name, payload) => {
      const res = await reauth(session.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Code: 'incomplete_param' });
      expect((await sessionRow(session.id)).tokenHash).toBe(sha256(session.token));
    });

    it('is rate limited per IP', async () => {
      const codes: string[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await reauth(session.cookie, byPassword('x', 'another-client'), '10.99.0.1');
        codes.push(res.json().Code);
      }
      expect(codes.slice(0, 20).every((code) => code === 'callback_invalid')).toBe(true);
      expect(codes[20]).toBe('rate_limit_exceeded');
    });
  });
});
