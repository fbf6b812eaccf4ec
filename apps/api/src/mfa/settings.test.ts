import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createClient,
  createUser,
  openTestSession,
} from '../../test/factories.js';
import { hashSecret, verifySecret } from '../credentials/argon2.js';

/** MFA settings and the MPIN: read, toggle, set, with the account password. */
describe('mfa settings and MPIN', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const get = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/v1/mfa/settings', headers: { cookie } });
  const post = (url: string, cookie: string, payload: unknown, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: payload as object,
      remoteAddress: ip,
    });
  const signedIn = async () => {
    const user = await createUser(t);
    return { user, session: await openTestSession(t, user) };
  };
  const userRow = (id: string) =>
    t.db.prisma.user.findUniqueOrThrow({
      where: { id },
      select: { pinEnabled: true, passkeyEnabled: true, failedLoginCount: true, status: true },
    });
  const audits = (actorId: string, action: string) =>
    t.db.prisma.auditEvent.findMany({ where: { actorId, action } });

  describe('GET /v1/mfa/settings', () => {
    it('answers the flags of a live session, without name and avatar', async () => {
      const { session } = await signedIn();
      const res = await get(session.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        Code: '200',
        Msg: {
          is_pin_enabled: false,
          is_biometrics_enabled: false,
          is_passkey_enabled: false,
          has_pin_setup: false,
          has_passkey_setup: false,
          has_totp_setup: false,
        },
      });
    });

    it('adds the name and avatar for an idle session (the expiry dialog)', async () => {
      const user = await createUser(t, { displayName: 'Dana Idle' });
      await t.db.prisma.pin.create({ data: { userId: user.id, hash: await hashSecret('480213') } });
      await t.db.prisma.user.update({ where: { id: user.id }, data: { pinEnabled: true } });
      const session = await openTestSession(t, user, { needsConfirmation: true });
      const res = await get(session.cookie);
      expect(res.json()).toMatchObject({
        Code: '200',
        Msg: { dis: 'Dana Idle', is_pin_enabled: true, has_pin_setup: true },
      });
      expect(typeof res.json().Msg.avatar).toBe('string');
    });

    it('refuses without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/mfa/settings' });
      expect(res.json()).toMatchObject({ Code: 'auth_invalid' });
    });
  });

  describe('POST /v1/mfa/settings/update', () => {
    const update = (cookie: string, payload: unknown) =>
      post('/v1/mfa/settings/update', cookie, payload);

    it('turns PIN sign-in on and off with the right password, audited', async () => {
      const { user, session } = await signedIn();
      await t.db.prisma.pin.create({ data: { userId: user.id, hash: await hashSecret('480213') } });
      const on = await update(session.cookie, { enable_pin: true, password: b64(user.password) });
      expect(on.json()).toEqual({
        Code: '200',
        Msg: {
          is_pin_enabled: true,
          is_biometrics_enabled: false,
          is_passkey_enabled: false,
          has_pin_setup: true,
          has_passkey_setup: false,
          has_totp_setup: false,
        },
      });
      expect(await userRow(user.id)).toMatchObject({ pinEnabled: true, passkeyEnabled: false });
      const off = await update(session.cookie, { enable_pin: false, password: b64(user.password) });
      expect(off.json()).toMatchObject({ Code: '200', Msg: { is_pin_enabled: false } });
      const events = await audits(user.id, 'mfa.settings_update');
      expect(events.map((e) => e.details)).toEqual([{ enable_pin: true }, { enable_pin: false }]);
      expect(JSON.stringify(events.map((e) => e.details))).not.toContain(user.password);
    });

    it('refuses a wrong password with invalid_credentials, counting it and changing nothing', async () => {
      const { user, session } = await signedIn();
      await t.db.prisma.pin.create({ data: { userId: user.id, hash: await hashSecret('480213') } });
      const res = await update(session.cookie, { enable_pin: true, password: b64('Wrong1234') });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ Code: 'invalid_credentials' });
      expect(await userRow(user.id)).toMatchObject({ pinEnabled: false, failedLoginCount: 1 });
      expect(await audits(user.id, 'mfa.settings_update')).toHaveLength(0);
      // A right password afterwards resets the count.
      await update(session.cookie, { enable_pin: true, password: b64(user.password) });
      expect(await userRow(user.id)).toMatchObject({ pinEnabled: true, failedLoginCount: 0 });
    });

    it("blocks the account at the client's retry limit and ends its sessions", async () => {
      const app = await createApp(t);
      const client = await createClient(t, { appId: app.id, loginRetryLimit: 2 });
      const user = await createUser(t);
      const session = await openTestSession(t, user, { clientId: client.id });
      const other = await openTestSession(t, user);
      const wrong = { enable_passkey: false, password: b64('Wrong1234') };
      expect((await update(session.cookie, wrong)).json()).toMatchObject({
        Code: 'invalid_credentials',
      });
      const blocked = await update(session.cookie, wrong);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ Code: 'account_blocked' });
      expect(await userRow(user.id)).toMatchObject({ status: 'blocked', failedLoginCount: 2 });
      expect((await get(session.cookie)).json()).toMatchObject({ Code: 'session_invalid' });
      expect((await get(other.cookie)).json()).toMatchObject({ Code: 'session_invalid' });
      expect(await audits(user.id, 'account.blocked')).toHaveLength(1);
    });

    it('refuses to turn on a method that is not set up, before checking the password', async () => {
      const { user, session } = await signedIn();
      const pin = await update(session.cookie, { enable_pin: true, password: b64('Wrong1234') });
      expect(pin.statusCode).toBe(400);
      expect(pin.json()).toEqual({
        Code: 'incomplete_param',
        Msg: 'Set an MPIN before turning PIN sign-in on.',
      });
      const passkey = await update(session.cookie, {
        enable_passkey: true,
        password: b64(user.password),
      });
      expect(passkey.json()).toMatchObject({ Code: 'incomplete_param' });
      expect(await userRow(user.id)).toMatchObject({
        pinEnabled: false,
        passkeyEnabled: false,
        failedLoginCount: 0,
      });
    });

    it.each([
      ['no toggle', { password: 'U2VjcmV0MTIz' }],
      ['no password', { enable_pin: false }],
      ['bad base64', { enable_pin: false, password: '***' }],
      ['a toggle that is not a boolean', { enable_pin: 'yes', password: 'U2VjcmV0MTIz' }],
      ['an unknown field', { enable_pin: false, password: 'U2VjcmV0MTIz', admin: true }],
    ])('answers incomplete_param for %s', async (_name, payload) => {
      const { user, session } = await signedIn();
      const res = await update(session.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Code: 'incomplete_param' });
      expect(await userRow(user.id)).toMatchObject({ failedLoginCount: 0, pinEnabled: false });
    });
  });

  describe('POST /v1/mfa/pin/set', () => {
    const setPin = (cookie: string, payload: unknown, ip?: string) =>
      post('/v1/mfa/pin/set', cookie, payload, ip);

    it('stores the PIN as argon2id only, audited without it', async () => {
      const { user, session } = await signedIn();
      const res = await setPin(session.cookie, { pin: '480213', password: b64(user.password) });
      expect(res.json()).toEqual({ Code: '200', Msg: 'MPIN set' });
      const row = await t.db.prisma.pin.findUniqueOrThrow({ where: { userId: user.id } });
      expect(row.hash.startsWith('$argon2id$')).toBe(true);
      expect(row.hash).not.toContain('480213');
      expect(await verifySecret(row.hash, '480213')).toBe(true);
      const [event] = await audits(user.id, 'mfa.pin_set');
      expect(event?.details).toEqual({ replaced: false });
      expect(JSON.stringify(event?.details)).not.toContain('480213');
      expect((await get(session.cookie)).json()).toMatchObject({ Msg: { has_pin_setup: true } });
    });

    it('changes a PIN and clears its failed attempts', async () => {
      const { user, session } = await signedIn();
      await t.db.prisma.pin.create({
        data: { userId: user.id, hash: await hashSecret('480213'), failedCount: 3 },
      });
      const res = await setPin(session.cookie, { pin: '935172', password: b64(user.password) });
      expect(res.json()).toMatchObject({ Code: '200' });
      const row = await t.db.prisma.pin.findUniqueOrThrow({ where: { userId: user.id } });
      expect(row.failedCount).toBe(0);
      expect(await verifySecret(row.hash, '935172')).toBe(true);
      expect(await verifySecret(row.hash, '480213')).toBe(false);
      expect((await audits(user.id, 'mfa.pin_set'))[0]?.details).toEqual({ replaced: true });
    });

    it("checks the password alone first (the MPIN dialog's first step), counting a wrong one", async () => {
      const { user, session } = await signedIn();
      const right = await post('/v1/mfa/password/check', session.cookie, {
        password: b64(user.password),
      });
      expect(right.json()).toEqual({ Code: '200', Msg: 'Password confirmed' });
      const wrong = await post('/v1/mfa/password/check', session.cookie, {
        password: b64('Wrong1234'),
      });
      expect(wrong.json()).toMatchObject({ Code: 'invalid_credentials' });
      expect(await userRow(user.id)).toMatchObject({ failedLoginCount: 1 });
      expect(await t.db.prisma.pin.findUnique({ where: { userId: user.id } })).toBeNull();
      const bad = await post('/v1/mfa/password/check', session.cookie, { password: 'not base64!' });
      expect(bad.json()).toMatchObject({ Code: 'incomplete_param' });
    });

    it('needs the account password: a wrong one is invalid_credentials and stores nothing', async () => {
      const { user, session } = await signedIn();
      const res = await setPin(session.cookie, { pin: '480213', password: b64('Wrong1234') });
      expect(res.json()).toMatchObject({ Code: 'invalid_credentials' });
      expect(await t.db.prisma.pin.findUnique({ where: { userId: user.id } })).toBeNull();
      expect(await userRow(user.id)).toMatchObject({ failedLoginCount: 1 });
    });

    it.each(['000000', '999999', '123456', '654321', '890123', '121212', '123123', '112233'])(
      'refuses the trivial PIN %s without spending a password attempt',
      async (pin) => {
        const { user, session } = await signedIn();
        const res = await setPin(session.cookie, { pin, password: b64('Wrong1234') });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          Code: 'incomplete_param',
          Msg: { fields: { pin: expect.stringContaining('too easy') } },
        });
        expect(await t.db.prisma.pin.findUnique({ where: { userId: user.id } })).toBeNull();
        expect(await userRow(user.id)).toMatchObject({ failedLoginCount: 0 });
      },
    );

    it.each([
      ['five digits', { pin: '48021', password: 'U2VjcmV0MTIz' }],
      ['a letter', { pin: '48021a', password: 'U2VjcmV0MTIz' }],
      ['a number instead of text', { pin: 480213, password: 'U2VjcmV0MTIz' }],
      ['no password', { pin: '480213' }],
      ['bad base64', { pin: '480213', password: 'not base64!' }],
    ])('answers incomplete_param for %s', async (_name, payload) => {
      const { user, session } = await signedIn();
      const res = await setPin(session.cookie, payload);
      expect(res.json()).toMatchObject({ Code: 'incomplete_param' });
      expect(await t.db.prisma.pin.findUnique({ where: { userId: user.id } })).toBeNull();
    });

    it('is rate limited per IP', async () => {
      const { session } = await signedIn();
      const ip = '10.9.9.9';
      const codes: string[] = [];
      for (let i = 0; i < 21; i++) {
        codes.push(
          (await setPin(session.cookie, { pin: '000000', password: 'eA==' }, ip)).json().Code,
        );
      }
      expect(codes.slice(0, 20).every((code) => code === 'incomplete_param')).toBe(true);
      expect(codes[20]).toBe('rate_limit_exceeded');
    });
  });
});
