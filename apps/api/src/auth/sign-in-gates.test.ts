import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID, PORTAL_CLIENT_ID } from '@portico/contracts';
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
import {
  ANDROID_CHROME,
  IPHONE_SAFARI,
  knownDevice,
  newFingerprint,
  signInRequest,
} from './sign-in.fixtures.js';

describe('auth.signIn gates', () => {
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

  /** A user with company-level access to the given companies and a known device. */
  async function member(companyNames: string[] = ['Acme']) {
    const user = await createUser(t);
    const companies = [];
    for (const name of companyNames) {
      const company = await createCompany(t, { name });
      await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
      companies.push(company);
    }
    await knownDevice(t, user.id);
    return { user, companies };
  }

  /** An application with a client, and the user's verified access to it in a company. */
  async function appWithClient(
    options: { status?: number; platform?: 'web' | 'ios' | 'android' | 'desktop' } = {},
  ) {
    const app = await createApp(t, { status: options.status ?? 3 });
    const client = await createClient(t, { appId: app.id, platform: options.platform ?? 'web' });
    return { app, client };
  }

  it('callback_invalid: unknown client, or a redirect the client may not use', async () => {
    const { user } = await member();
    const unknown = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: 'no-such-client',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ Code: 'callback_invalid', Msg: {} });

    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const response = await signInRequest(t, {
        uname: user.username,
        pass: user.password,
        redirect,
      });
      expect(response.json()).toMatchObject({ Code: 'callback_invalid' });
    }
    // Refused before the password is even read: no failure counted.
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.failedLoginCount).toBe(0);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    // Recorded (the unknown client without its id: it does not exist).
    const attempts = await t.db.prisma.loginAttempt.findMany({
      where: { username: user.username, reason: 'callback_invalid' },
    });
    expect(attempts).toHaveLength(4);
    expect(attempts.some((a) => a.clientId === null)).toBe(true);
  });

  it('a refused redirect does not spend a retry, even the last one', async () => {
    // The first read claims the guess with the account (sign-in-reads.ts); the redirect, which
    // only the server can check, refuses after it and gives the claim back.
    const { user } = await member();
    await t.db.prisma.user.update({ where: { id: user.id }, data: { failedLoginCount: 4 } });
    const refused = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      redirect: 'https://evil.example/',
    });
    expect(refused.json()).toMatchObject({ Code: 'callback_invalid' });
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ failedLoginCount: 4, status: 'active' });
    const ok = await signInRequest(t, { uname: user.username, pass: user.password });
    expect(ok.json()).toMatchObject({ Code: '200' });
    expect(
      (await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).failedLoginCount,
    ).toBe(0);
  });

  it("accepts a redirect under the client's registered one", async () => {
    const { app, client } = await appWithClient();
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
    await knownDevice(t, user.id);
    const ok = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: client.id,
      redirect: 'https://client.example.test/callback/deep?x=1',
    });
    expect(ok.json()).toMatchObject({ Code: '200', Msg: { companies: [{ id: company.id }] } });
    const sibling = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: client.id,
      redirect: 'https://client.example.test/callback-evil',
    });
    expect(sibling.json()).toMatchObject({ Code: 'callback_invalid' });
    // Paths a server or router could decode into another place, for the client and the portal.
    const ambiguous: [string | undefined, string][] = [
      [client.id, 'https://client.example.test/callback/..;/admin'],
      [client.id, 'https://client.example.test/callback/%2E%2E%2Fadmin'],
      [client.id, 'https://client.example.test/callback/..%5cadmin'],
      [undefined, '/%2F%2Fevil.example'],
      [undefined, '/%5C%5Cevil.example'],
    ];
    for (const [clientId, redirect] of ambiguous) {
      const refused = await signInRequest(t, {
        uname: user.username,
        pass: user.password,
        ...(clientId ? { client: clientId } : {}),
        redirect,
      });
      expect(refused.statusCode, redirect).toBe(400);
      expect(refused.json(), redirect).toMatchObject({ Code: 'callback_invalid' });
    }
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('app_disabled, before the password (a wrong one is not counted)', async () => {
    const { app, client } = await appWithClient({ status: 0 });
    const user = await createUser(t);
    const response = await signInRequest(t, {
      uname: user.username,
      pass: 'Wrong-password1',
      client: client.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ Code: 'app_disabled', Msg: { app: app.name } });
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.failedLoginCount).toBe(0);
  });

  it('checks the password before anything about the account (access) is told', async () => {
    const { client } = await appWithClient();
    const user = await createUser(t);
    const response = await signInRequest(t, {
      uname: user.username,
      pass: 'Wrong-password1',
      client: client.id,
    });
    expect(response.json()).toEqual({ Code: 'account_failed', Msg: { retries_left: 4 } });
  });

  it('app_access_prohibited: Alpha is for core1 only, Beta needs a subscription', async () => {
    const alpha = await appWithClient({ status: 1 });
    const beta = await appWithClient({ status: 2 });
    const company = await createCompany(t);
    const user = await createUser(t);
    await knownDevice(t, user.id);
    for (const { app } of [alpha, beta]) {
      await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
    }
    for (const { app, client } of [alpha, beta]) {
      const response = await signInRequest(t, {
        uname: user.username,
        pass: user.password,
        client: client.id,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ Code: 'app_access_prohibited', Msg: { app: app.name } });
    }
    // A beta subscription opens the Beta app; access in core1 opens the Alpha app.
    await t.db.prisma.companySubscription.create({
      data: { companyId: company.id, appId: beta.app.id, status: 'beta' },
    });
    await grantAccess(t, {
      companyId: PLATFORM_COMPANY_ID,
      appId: alpha.app.id,
      user,
      roles: ['viewer'],
    });
    const betaOk = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: beta.client.id,
    });
    expect(betaOk.json()).toMatchObject({
      Code: '200',
      Msg: { companies: [{ id: company.id }] },
    });
    const alphaOk = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: alpha.client.id,
    });
    // Only core1 is offered: the other company stays refused by the Alpha status.
    expect(alphaOk.json()).toMatchObject({
      Code: '200',
      Msg: { companies: [{ id: PLATFORM_COMPANY_ID }] },
    });
  });

  it('access_not_found and access_unverified name the application', async () => {
    const { app, client } = await appWithClient();
    const company = await createCompany(t);
    const user = await createUser(t);
    // Access to another application of the company does not count for this one.
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
    const none = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: client.id,
    });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ Code: 'access_not_found', Msg: { app: app.name } });

    await grantAccess(t, {
      companyId: company.id,
      appId: app.id,
      email: user.email,
      roles: ['viewer'],
      status: 'pending',
    });
    const pending = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: client.id,
    });
    expect(pending.json()).toEqual({ Code: 'access_unverified', Msg: { app: app.name } });
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    const reasons = await t.db.prisma.loginAttempt.findMany({
      where: { userId: user.id },
      orderBy: { id: 'asc' },
      select: { reason: true, success: true },
    });
    expect(reasons).toEqual([
      { reason: 'access_not_found', success: false },
      { reason: 'access_unverified', success: false },
    ]);
    // A correct password was given: the failures do not count against the account.
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.failedLoginCount).toBe(0);
  });

  it("device_type_invalid: the client's platform decides which devices may sign in", async () => {
    const ios = await appWithClient({ platform: 'ios' });
    const android = await appWithClient({ platform: 'android' });
    const company = await createCompany(t);
    const user = await createUser(t);
    await knownDevice(t, user.id);
    for (const { app } of [ios, android]) {
      await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
    }
    const cases = [
      { client: ios.client.id, ua: undefined, ok: false },
      { client: ios.client.id, ua: ANDROID_CHROME, ok: false },
      { client: ios.client.id, ua: IPHONE_SAFARI, ok: true },
      { client: android.client.id, ua: IPHONE_SAFARI, ok: false },
      { client: android.client.id, ua: ANDROID_CHROME, ok: true },
      { client: PORTAL_CLIENT_ID, ua: 'curl/8.5.0', ok: false },
    ];
    for (const c of cases) {
      const response = await signInRequest(
        t,
        { uname: user.username, pass: user.password, client: c.client },
        c.ua ? { ua: c.ua } : {},
      );
      const code = (response.json() as { Code: string }).Code;
      if (c.ok) expect(code).toBe('200');
      else expect([c, code]).toEqual([c, 'device_type_invalid']);
    }
  });

  it('unauthorized_device: a device the user blocked never signs in', async () => {
    const user = await createUser(t);
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
    await knownDevice(t, user.id, 'blocked-fp', 'blocked');
    const response = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      dcd: 'blocked-fp',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Code: 'unauthorized_device' });
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(
      await t.db.prisma.loginAttempt.count({
        where: { userId: user.id, reason: 'unauthorized_device' },
      }),
    ).toBe(1);
  });

  it('device_limit_reached: a new device past the limit, and no code is sent', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, deviceLimit: 1 });
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
    await knownDevice(t, user.id);
    const response = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: client.id,
      dcd: newFingerprint(),
    });
    expect(response.json()).toEqual({ Code: 'device_limit_reached', Msg: { app: app.name } });
    expect(await t.db.prisma.deviceVerificationCode.count({ where: { userId: user.id } })).toBe(0);
    // A blocked device does not count against the limit.
    await t.db.prisma.device.updateMany({
      where: { userId: user.id },
      data: { status: 'blocked' },
    });
    const next = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: client.id,
      dcd: newFingerprint(),
    });
    expect(next.json()).toMatchObject({ Code: 'device_add' });
  });
});
