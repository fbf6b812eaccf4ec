import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID, SESSION_COOKIE } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import { hashSecret } from '../credentials/argon2.js';
import { sha256 } from '../credentials/tokens.js';
import { call, knownDevice, sessionCookieOf, signInRequest } from './sign-in.fixtures.js';

/** Sign-out, TTL and multiple sessions, PIN confirmation, auto-login, session details and the
 * landing icon (company choice: company-choice.test.ts). */
describe('session calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  async function member() {
    const user = await createUser(t);
    const company = await createCompany(t, { name: 'Home Bank' });
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
    await knownDevice(t, user.id);
    return { user, company };
  }

  async function signedIn(user: { username: string; password: string }, client?: string) {
    const response = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      ...(client ? { client } : {}),
    });
    expect(response.json()).toMatchObject({ Code: '200' });
    const cookie = sessionCookieOf(response);
    if (!cookie) throw new Error('no cookie');
    return cookie;
  }

  const details = (cookie?: string) =>
    call(t, 'GET', '/v1/auth/details', undefined, cookie ? { cookie } : {});

  describe('auth.signOut', () => {
    it('ends the session on the server and clears the cookie', async () => {
      const { user } = await member();
      const cookie = await signedIn(user);
      const out = await call(t, 'POST', '/v1/auth/signout', {}, { cookie: cookie.cookie });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toMatchObject({ Code: '200' });
      const cleared = sessionCookieOf(out);
      expect(cleared?.value).toBe('');
      const session = await t.db.prisma.session.findUniqueOrThrow({
        where: { tokenHash: sha256(cookie.value) },
      });
      expect(session.endedAt).not.toBeNull();
      expect(session.endReason).toBe('signed_out');
      expect(
        await t.db.prisma.auditEvent.count({
          where: { actorId: user.id, action: 'auth.sign_out' },
        }),
      ).toBe(1);
      // The old cookie (a copy of it) no longer works.
      expect((await details(cookie.cookie)).json()).toMatchObject({ Code: 'session_invalid' });
      // Signing out again, or without a cookie: session_invalid, and the cookie is still cleared.
      for (const headers of [{ cookie: cookie.cookie }, {}]) {
        const again = await call(t, 'POST', '/v1/auth/signout', {}, headers);
        expect(again.statusCode).toBe(401);
        expect(again.json()).toMatchObject({ Code: 'session_invalid' });
        expect(sessionCookieOf(again)?.value).toBe('');
      }
    });

    it('a session past its TTL is session_invalid', async () => {
      const { user } = await member();
      const cookie = await signedIn(user);
      await t.db.prisma.session.update({
        where: { tokenHash: sha256(cookie.value) },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect((await details(cookie.cookie)).json()).toMatchObject({ Code: 'session_invalid' });
    });
  });

  it('allow_multiple_sessions=false ends the older session at the next sign-in', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, allowMultipleSessions: false });
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
    await knownDevice(t, user.id);
    const first = await signedIn(user, client.id);
    const second = await signedIn(user, client.id);
    expect(second.value).not.toBe(first.value);
    expect((await details(first.cookie)).json()).toMatchObject({ Code: 'session_invalid' });
    expect((await details(second.cookie)).json()).toMatchObject({ Code: '200' });
    const old = await t.db.prisma.session.findUniqueOrThrow({
      where: { tokenHash: sha256(first.value) },
    });
    expect(old.endReason).toBe('replaced');
  });

  it('with a PIN set up, the session starts waiting for the confirmation step', async () => {
    const { user } = await member();
    await t.db.prisma.user.update({ where: { id: user.id }, data: { pinEnabled: true } });
    await t.db.prisma.pin.create({ data: { userId: user.id, hash: await hashSecret('123456') } });
    const response = await signInRequest(t, { uname: user.username, pass: user.password });
    expect(response.json()).toMatchObject({
      Code: '200',
      Msg: { is_pin_enabled: true, has_pin_setup: true },
    });
    const cookie = sessionCookieOf(response);
    expect((await details(cookie?.cookie)).json()).toMatchObject({
      Code: 'session_expired',
      Msg: { is_pin_enabled: true, has_pin_setup: true, dis: user.displayName },
    });
  });

  describe('auth.autologin', () => {
    async function otherClient() {
      const app = await createApp(t, { name: 'Ledger' });
      const client = await createClient(t, { appId: app.id });
      return { app, client };
    }
    const autologin = (client: string, cookie?: string, redirect = '/') =>
      call(t, 'POST', '/v1/auth/autologin', { client, redirect }, cookie ? { cookie } : {});

    it('signs in to another client with the live session, on the same device', async () => {
      const { user, company } = await member();
      const { app, client } = await otherClient();
      await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
      const portal = await signedIn(user);
      const response = await autologin(client.id, portal.cookie);
      expect(response.json()).toMatchObject({
        Code: '200',
        Msg: { companies: [{ id: company.id, name: 'Home Bank' }], retries_left: 5 },
      });
      const cookie = sessionCookieOf(response);
      expect(cookie?.value).not.toBe(portal.value);
      const [old, fresh] = await Promise.all([
        t.db.prisma.session.findUniqueOrThrow({ where: { tokenHash: sha256(portal.value) } }),
        t.db.prisma.session.findUniqueOrThrow({
          where: { tokenHash: sha256(cookie?.value ?? '') },
        }),
      ]);
      expect(fresh).toMatchObject({ clientId: client.id, deviceId: old.deviceId, endedAt: null });
      expect(old.endReason).toBe('replaced');
      expect((await details(cookie?.cookie)).json()).toMatchObject({ Msg: { client: client.id } });
    });

    it('answers auth_invalid, session_invalid or session_expired like the guard', async () => {
      const { user } = await member();
      expect((await autologin(PORTAL_CLIENT_ID)).json()).toMatchObject({ Code: 'auth_invalid' });
      const ended = await openTestSession(t, user);
      await t.db.prisma.session.update({ where: { id: ended.id }, data: { endedAt: new Date() } });
      expect((await autologin(PORTAL_CLIENT_ID, ended.cookie)).json()).toMatchObject({
        Code: 'session_invalid',
      });
      const idle = await openTestSession(t, user, { needsConfirmation: true });
      const expired = await autologin(PORTAL_CLIENT_ID, idle.cookie);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({
        Code: 'session_expired',
        Msg: { dis: user.displayName, is_pin_enabled: false },
      });
    });

    it('runs the gates for the requested client', async () => {
      const { user } = await member();
      const { app, client } = await otherClient();
      const session = await openTestSession(t, user);
      expect((await autologin(client.id, session.cookie)).json()).toEqual({
        Code: 'access_not_found',
        Msg: { app: app.name },
      });
      expect(
        (await autologin(client.id, session.cookie, 'https://evil.example/')).json(),
      ).toMatchObject({ Code: 'callback_invalid' });
      await t.db.prisma.device.update({
        where: { id: session.deviceId },
        data: { status: 'blocked' },
      });
      expect((await autologin(PORTAL_CLIENT_ID, session.cookie)).json()).toMatchObject({
        Code: 'unauthorized_device',
      });
      // Nothing was opened or ended by the refusals.
      const live = await t.db.prisma.session.findMany({ where: { userId: user.id } });
      expect(live).toEqual([expect.objectContaining({ id: session.id, endedAt: null })]);
    });
  });

  describe('auth.details', () => {
    it('answers names of the current company, roles, company, client and MFA flags', async () => {
      const { user, company } = await member();
      await t.db.prisma.userPreference.create({
        data: { userId: user.id, companyId: company.id, fname: 'Ada', lname: 'Lovelace' },
      });
      const before = await openTestSession(t, user);
      expect((await details(before.cookie)).json()).toMatchObject({
        Code: '200',
        Msg: { com: null, roles: [], fname: '', lname: '' },
      });
      const session = await openTestSession(t, user, { companyId: company.id });
      // The second answer is the kept one (sent as serialised once): the same, as JSON.
      const kept = await details(session.cookie);
      expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(kept.json()).toEqual((await details(session.cookie)).json());
      expect((await details(session.cookie)).json()).toEqual({
        Code: '200',
        Msg: {
          dis: user.displayName,
          fname: 'Ada',
          lname: 'Lovelace',
          avatar: '',
          email: user.email,
          roles: ['global.admin'],
          role_names: { 'global.admin': 'Admin' },
          com: { id: company.id, name: 'Home Bank', img: '' },
          client: PORTAL_CLIENT_ID,
          allow_delete: false,
          is_pin_enabled: false,
          is_biometrics_enabled: false,
          is_passkey_enabled: false,
          has_pin_setup: false,
          has_passkey_setup: false,
          has_totp_setup: false,
        },
      });
      expect((await details(before.cookie)).json()).toMatchObject({ Msg: { role_names: {} } });
      expect((await details()).json()).toMatchObject({ Code: 'auth_invalid' });
      expect((await details(`${SESSION_COOKIE}=broken`)).json()).toMatchObject({
        Code: 'cookie_err',
      });
    });

    it('names every role of the current company, also those of applications', async () => {
      const { user, company } = await member();
      const app = await createApp(t, { roles: [] });
      await t.db.prisma.role.create({
        data: { appId: app.id, id: 'officer', name: 'Loan Officer' },
      });
      await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['officer'] });
      // A role still pending in another company is no role of this session.
      const elsewhere = await createCompany(t);
      await grantAccess(t, {
        companyId: elsewhere.id,
        appId: app.id,
        user,
        roles: ['officer'],
        status: 'pending',
      });
      const session = await openTestSession(t, user, { companyId: company.id });
      const answer = (await details(session.cookie)).json();
      expect(answer.Msg.roles).toEqual(
        expect.arrayContaining(['global.admin', `${app.id}.officer`]),
      );
      expect(answer.Msg.role_names).toEqual({
        'global.admin': 'Admin',
        [`${app.id}.officer`]: 'Loan Officer',
      });
    });
  });

  describe('auth.landingIcon', () => {
    it("answers the client's application's large icon, empty without one", async () => {
      const app = await createApp(t);
      const client = await createClient(t, { appId: app.id });
      const icon = (id: string) => call(t, 'GET', `/v1/app/iconl?client=${encodeURIComponent(id)}`);
      expect((await icon(client.id)).json()).toEqual({ Code: '200', Msg: '' });
      const image = await t.db.prisma.storedImage.create({
        data: {
          bytes: Buffer.from('png'),
          contentType: 'image/png',
          size: 3,
          sha256: sha256('png'),
        },
      });
      await t.db.prisma.application.update({
        where: { id: app.id },
        data: { largeIconId: image.id },
      });
      expect((await icon(client.id)).json()).toEqual({
        Code: '200',
        Msg: `http://localhost:1234/v1/files/${image.id}`,
      });
      const unknown = await icon('no-such-client');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ Code: 'callback_invalid' });
      expect((await call(t, 'GET', '/v1/app/iconl')).json()).toMatchObject({
        Code: 'incomplete_param',
      });
    });
  });

  // The embedded default (PGlite) has no savepoints: signing out ends the OpenID Connect grants
  // in the same transaction, which was once a nested one there and failed with server_error.
  describe('on the embedded database', () => {
    let embedded: TestApp;
    beforeAll(async () => {
      embedded = await startTestApp({}, false, undefined, { kind: 'pglite' });
      await bootstrapPlatform(embedded);
    });
    afterAll(() => embedded.close());

    it('signs out', async () => {
      const user = await createUser(embedded);
      const company = await createCompany(embedded);
      await grantAccess(embedded, { companyId: company.id, user, roles: ['admin'] });
      const session = await openTestSession(embedded, user, { companyId: company.id });
      const out = await call(embedded, 'POST', '/v1/auth/signout', {}, { cookie: session.cookie });
      expect(out.json()).toMatchObject({ Code: '200' });
      const row = await embedded.db.prisma.session.findUniqueOrThrow({
        where: { id: session.id },
      });
      expect(row.endReason).toBe('signed_out');
    });
  });
});
