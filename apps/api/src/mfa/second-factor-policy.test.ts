import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearOfStepEnd } from './totp/totp.fixtures.js';
import { generate } from 'otplib';
import { PLATFORM_COMPANY_ID, PORTAL_APP_ID, PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { TestUser } from '../../test/factories.js';
import {
  GOOD_PASSWORD,
  b64,
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';
import { call, knownDevice, sessionCookieOf, signInRequest } from '../auth/sign-in.fixtures.js';

/**
 * The "second factor required" policy (docs/mfa.md): a company setting and a client setting;
 * a user without a factor learns it from the login answer and cannot get a code or a company
 * until one is set up.
 */
describe('second factor required', () => {
  let t: TestApp;
  let platformCookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    const admin = await bootstrapPlatform(t);
    platformCookie = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());
  // Its codes are made for steps relative to now: keep the step from ending under them.
  beforeEach(() => clearOfStepEnd());

  async function memberOf(companyId: string, appId = PORTAL_APP_ID): Promise<TestUser> {
    const user = await createUser(t);
    await grantAccess(t, { companyId, user, roles: [] });
    if (appId !== PORTAL_APP_ID) await grantAccess(t, { companyId, user, roles: [], appId });
    await knownDevice(t, user.id);
    return user;
  }

  /** The password sign-in's answer and the session it opened. */
  async function signIn(user: TestUser, client = PORTAL_CLIENT_ID, redirect = '/') {
    const response = await signInRequest(t, {
      uname: user.email,
      pass: GOOD_PASSWORD,
      client,
      redirect,
    });
    const cookie = sessionCookieOf(response)?.cookie;
    if (!cookie) throw new Error(`no session: ${response.body}`);
    return { answer: response.json().Msg as Record<string, unknown>, cookie };
  }

  const choose = (cookie: string, com: string, client = PORTAL_CLIENT_ID) =>
    call(t, 'POST', '/v1/auth/com', { com, client }, { cookie });

  async function setUpApp(cookie: string): Promise<void> {
    const setup = await call(
      t,
      'POST',
      '/v1/mfa/totp/setup',
      { password: b64(GOOD_PASSWORD) },
      { cookie },
    );
    const { secret } = setup.json().Msg as { secret: string };
    const confirmed = await call(
      t,
      'POST',
      '/v1/mfa/totp/confirm',
      { code: await generate({ secret }) },
      { cookie },
    );
    expect(confirmed.json().Code).toBe('200');
  }

  async function setPolicy(cookie: string, required: unknown) {
    return call(t, 'POST', '/v1/com/mfa', { required }, { cookie });
  }

  it("a company's owner turns the policy on and off; it is audited and shown in the details", async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const on = await setPolicy(owner.session.cookie, true);
    expect(on.json()).toEqual({ Code: '200', Msg: 'A second factor is now required.' });
    const details = await call(t, 'GET', '/v1/com/details', undefined, {
      cookie: owner.session.cookie,
    });
    expect(details.json().Msg.second_factor_required).toBe(true);
    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'company.second_factor_policy', companyId: company.id },
    });
    expect(audit).toMatchObject({ actorId: owner.id, details: { required: true } });

    const off = await setPolicy(owner.session.cookie, false);
    expect(off.json().Msg).toBe('A second factor is no longer required.');
    const row = await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(row.secondFactorRequired).toBe(false);
  });

  it('refuses a member who is not an admin, and bad input, changing nothing', async () => {
    const company = await createCompany(t);
    const member = await signedInMember(t, company.id, []);
    expect((await setPolicy(member.session.cookie, true)).json().Code).toBe('forbidden');
    const admin = await signedInMember(t, company.id, ['admin']);
    for (const bad of ['yes', 1, null]) {
      const response = await setPolicy(admin.session.cookie, bad);
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toMatch(/prisma|SELECT|at .*\.ts/i);
    }
    const extra = await call(
      t,
      'POST',
      '/v1/com/mfa',
      { required: true, company: 'core1' },
      { cookie: admin.session.cookie },
    );
    expect(extra.statusCode).toBe(400);
    const row = await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(row.secondFactorRequired).toBe(false);
    expect(
      await t.db.prisma.auditEvent.count({
        where: { action: 'company.second_factor_policy', companyId: company.id },
      }),
    ).toBe(0);
  });

  it('takes a member of a requiring company without a factor through set-up: no code before it', async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    await setPolicy(owner.session.cookie, true);
    const user = await memberOf(company.id);

    const { answer, cookie } = await signIn(user);
    expect(answer).toMatchObject({ second_factor_required: true, has_totp_setup: false });
    const refused = await choose(cookie, company.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      Code: 'second_factor_required',
      Msg: 'second_factor_required',
    });
    expect(await t.db.prisma.exchangeCode.count({ where: { userId: user.id } })).toBe(0);
    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'auth.second_factor_required', actorId: user.id },
    });
    expect(audit).toMatchObject({ companyId: company.id, details: { required_by: 'company' } });

    // The session may set the factor up (the profile's calls), then go on.
    await setUpApp(cookie);
    const chosen = await choose(cookie, company.id);
    expect(chosen.json().Code).toBe('200');
    expect(await t.db.prisma.exchangeCode.count({ where: { userId: user.id } })).toBe(1);
  });

  it('leaves companies without the policy alone, and says nothing when nothing requires it', async () => {
    const relaxed = await createCompany(t);
    const strict = await createCompany(t);
    await t.db.prisma.company.update({
      where: { id: strict.id },
      data: { secondFactorRequired: true },
    });
    const user = await memberOf(relaxed.id);
    await grantAccess(t, { companyId: strict.id, user, roles: [] });

    const { answer, cookie } = await signIn(user);
    // One of the user's companies requires it: the portal asks before the company step.
    expect(answer.second_factor_required).toBe(true);
    expect((await choose(cookie, relaxed.id)).json().Code).toBe('200');
    expect((await choose(cookie, strict.id)).json().Code).toBe('second_factor_required');
    // Switching the console's company is a choice too.
    const switched = await call(t, 'POST', '/v1/session/com', { com: strict.id }, { cookie });
    expect(switched.json().Code).toBe('second_factor_required');
    const session = await t.db.prisma.session.findFirstOrThrow({
      where: { userId: user.id, endedAt: null },
    });
    expect(session.currentCompanyId).toBe(relaxed.id);

    const alone = await memberOf(relaxed.id);
    expect((await signIn(alone)).answer.second_factor_required).toBe(false);
  });

  it("a client's setting requires it of everyone signing in to that client", async () => {
    const app = await createApp(t, { name: 'Treasury' });
    const client = await createClient(t, {
      appId: app.id,
      redirect: 'https://treasury.example.test/cb',
    });
    const company = await createCompany(t);
    const user = await memberOf(company.id, app.id);

    const update = await call(
      t,
      'POST',
      '/v1/clients/update',
      {
        id: client.id,
        app: app.id,
        desc: 'Treasury web',
        redirect: client.redirect,
        platform: 'web',
        domain: '',
        custom_hash: false,
        allow_delete: false,
        allow_multiple_sessions: true,
        second_factor_required: true,
      },
      { cookie: platformCookie },
    );
    expect(update.json().Code).toBe('200');
    const listed = await call(t, 'GET', '/v1/apps', undefined, { cookie: platformCookie });
    const clients = JSON.parse(
      (listed.json().Msg as { clients: Record<string, string> }).clients[app.id] ?? '[]',
    ) as { id: string; second_factor_required: boolean }[];
    expect(clients.find((c) => c.id === client.id)?.second_factor_required).toBe(true);
    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'client.update', target: `client:${client.id}` },
      orderBy: { at: 'desc' },
    });
    expect(audit?.details).toMatchObject({ second_factor_required: true });

    const { answer, cookie } = await signIn(user, client.id, client.redirect);
    expect(answer.second_factor_required).toBe(true);
    const refused = await choose(cookie, company.id, client.id);
    expect(refused.json().Code).toBe('second_factor_required');
    const audited = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'auth.second_factor_required', actorId: user.id },
    });
    expect(audited).toMatchObject({ clientId: client.id, details: { required_by: 'client' } });

    // The portal's own client is not that client: the console stays open to set the app up.
    const portal = await signIn(user);
    expect(portal.answer.second_factor_required).toBe(false);
  });

  it('counts an enabled PIN as a factor, but not a PIN that is turned off', async () => {
    const company = await createCompany(t);
    await t.db.prisma.company.update({
      where: { id: company.id },
      data: { secondFactorRequired: true },
    });
    const user = await memberOf(company.id);
    await t.db.prisma.pin.create({ data: { userId: user.id, hash: 'not-used-here' } });
    const off = await openTestSession(t, user);
    expect((await choose(off.cookie, company.id)).json().Code).toBe('second_factor_required');

    await t.db.prisma.user.update({ where: { id: user.id }, data: { pinEnabled: true } });
    const on = await openTestSession(t, user);
    expect((await choose(on.cookie, company.id)).json().Code).toBe('200');
  });
});
