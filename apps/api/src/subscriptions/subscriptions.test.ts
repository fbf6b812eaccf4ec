import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { TestSession } from '../../test/factories.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';

const PUBLIC_URL = 'https://portal.example.test';

describe('subscriptions and beta access', () => {
  let t: TestApp;
  let companyId: string;
  let otherCompanyId: string;
  /** An admin of the company (subscriptions.update is for its owner and admins). */
  let member: TestSession;
  /** A member with no company role. */
  let plainMember: TestSession;
  let beta: { id: string };
  let paid: { id: string };
  let alpha: { id: string };
  let released: { id: string };
  let iconId: string;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL });
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    otherCompanyId = (await createCompany(t)).id;
    iconId = (
      await t.db.prisma.storedImage.create({
        data: { bytes: Buffer.from('png'), contentType: 'image/png', size: 3, sha256: 'x' },
      })
    ).id;
    beta = await createApp(t, { name: 'A Beta', status: 2 });
    await t.db.prisma.application.update({
      where: { id: beta.id },
      data: { description: 'Try it', link: 'https://beta.example.test', largeIconId: iconId },
    });
    paid = await createApp(t, { name: 'B Paid', status: 3 });
    alpha = await createApp(t, { status: 1 });
    released = await createApp(t, { status: 4 });
    const user = await createUser(t);
    await grantAccess(t, { companyId, user, roles: ['admin'] });
    member = await openTestSession(t, user, { companyId });
    const plain = await createUser(t);
    await grantAccess(t, { companyId, user: plain, roles: [] });
    plainMember = await openTestSession(t, plain, { companyId });
  });
  afterAll(() => t.close());

  const list = (session: TestSession) =>
    t.app.inject({ method: 'GET', url: '/v1/subs', headers: { cookie: session.cookie } });
  const update = (session: TestSession, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/subs/update',
      headers: { cookie: session.cookie },
      payload,
    });
  const rowsOf = (company: string) =>
    t.db.prisma.companySubscription.findMany({ where: { companyId: company } });

  it('lists beta and subscription applications with the company’s access', async () => {
    await t.db.prisma.companySubscription.create({
      data: { companyId, appId: paid.id, status: 'subs' },
    });
    await t.db.prisma.companySubscription.create({
      data: { companyId: otherCompanyId, appId: beta.id, status: 'beta' },
    });
    const answer = await list(member);
    expect(answer.statusCode).toBe(200);
    const msg = answer.json<{
      Msg: { apps: { id: string }[]; access: Record<string, string> };
    }>().Msg;
    const ids = msg.apps.map((app) => app.id);
    expect(ids).toContain(beta.id);
    expect(ids).toContain(paid.id);
    expect(ids).not.toContain(alpha.id);
    expect(ids).not.toContain(released.id);
    expect(msg.apps.find((app) => app.id === beta.id)).toEqual({
      id: beta.id,
      name: 'A Beta',
      desc: 'Try it',
      iconl: `${PUBLIC_URL}/v1/files/${iconId}`,
      link: 'https://beta.example.test',
      status: 2,
    });
    expect(msg.apps.find((app) => app.id === paid.id)).toMatchObject({
      iconl: '',
      link: '',
      status: 3,
    });
    // The other company's beta row does not show here.
    expect(msg.access[beta.id]).toBe('dis');
    expect(msg.access[paid.id]).toBe('subs');
    expect(Object.keys(msg.access).sort()).toEqual([...ids].sort());
  });

  it('says subs for a released app the company already uses (its members have access), not Subscribe', async () => {
    const used = await createApp(t, { name: 'C Used', status: 3 });
    const unused = await createApp(t, { name: 'D Unused', status: 3 });
    const user = await createUser(t);
    await grantAccess(t, { companyId, user, appId: used.id, roles: ['viewer'] });
    const access = (await list(member)).json<{ Msg: { access: Record<string, string> } }>().Msg
      .access;
    expect(access[used.id]).toBe('subs');
    expect(access[unused.id]).toBe('dis');
    // Another company's members do not make it this company's.
    const other = await createUser(t);
    await grantAccess(t, { companyId: otherCompanyId, user: other, roles: ['admin'] });
    const otherSession = await openTestSession(t, other, { companyId: otherCompanyId });
    const theirs = (await list(otherSession)).json<{ Msg: { access: Record<string, string> } }>()
      .Msg.access;
    expect(theirs[used.id]).toBe('dis');
  });

  it('joins and leaves the beta of a status-2 app, leaving other companies alone', async () => {
    await t.db.prisma.companySubscription.upsert({
      where: { companyId_appId: { companyId: otherCompanyId, appId: beta.id } },
      create: { companyId: otherCompanyId, appId: beta.id, status: 'beta' },
      update: {},
    });
    const joined = await update(member, { app: beta.id, status: 'beta' });
    expect(joined.json()).toEqual({ Code: '200', Msg: 'Joined the beta' });
    expect((await rowsOf(companyId)).find((r) => r.appId === beta.id)?.status).toBe('beta');
    expect(
      (await list(member)).json<{ Msg: { access: Record<string, string> } }>().Msg.access,
    ).toMatchObject({ [beta.id]: 'beta' });
    // Joining again changes nothing.
    expect((await update(member, { app: beta.id, status: 'beta' })).json()).toMatchObject({
      Code: '200',
    });
    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'subscription.update', target: beta.id, companyId },
    });
    expect(audit?.details).toMatchObject({ status: 'beta', changed: true });

    const left = await update(member, { app: beta.id, status: 'dis' });
    expect(left.json()).toEqual({ Code: '200', Msg: 'Left the beta' });
    expect((await rowsOf(companyId)).find((r) => r.appId === beta.id)).toBeUndefined();
    expect((await rowsOf(otherCompanyId)).find((r) => r.appId === beta.id)?.status).toBe('beta');
  });

  it('lets a member without the owner or admin role list but not change: forbidden, nothing written', async () => {
    expect((await list(plainMember)).statusCode).toBe(200);
    const before = await rowsOf(companyId);
    for (const status of ['beta', 'dis']) {
      const answer = await update(plainMember, { app: beta.id, status });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ Code: 'forbidden' });
    }
    expect(await rowsOf(companyId)).toEqual(before);
  });

  it('refuses a status-3 app, unknown and unoffered apps, and a session without company', async () => {
    const before = await rowsOf(companyId);
    const paidAnswer = await update(member, { app: paid.id, status: 'dis' });
    expect(paidAnswer.statusCode).toBe(403);
    expect(paidAnswer.json()).toMatchObject({ Code: 'app_access_prohibited' });
    expect((await update(member, { app: paid.id, status: 'beta' })).json()).toMatchObject({
      Code: 'app_access_prohibited',
    });
    for (const app of ['no_such_app', alpha.id, released.id, 'global']) {
      const answer = await update(member, { app, status: 'beta' });
      expect(answer.statusCode, app).toBe(404);
      expect(answer.json()).toMatchObject({ Code: 'not_found' });
    }
    // Without a company there is no one to be the admin of.
    const companyless = await openTestSession(t, await createUser(t), { companyId: null });
    expect((await update(companyless, { app: beta.id, status: 'beta' })).json()).toMatchObject({
      Code: 'forbidden',
    });
    const listed = await list(companyless);
    expect(
      Object.values(listed.json<{ Msg: { access: Record<string, string> } }>().Msg.access).every(
        (status) => status === 'dis',
      ),
    ).toBe(true);
    expect(await rowsOf(companyId)).toEqual(before);
    expect(
      await t.db.prisma.companySubscription.count({ where: { appId: paid.id, status: 'subs' } }),
    ).toBe(1);
  });

  it('needs a session and answers incomplete_param for bad input', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/subs' })).json()).toMatchObject({
      Code: 'auth_invalid',
    });
    const before = await rowsOf(companyId);
    const bad: Record<string, unknown>[] = [
      {},
      { app: beta.id },
      { app: beta.id, status: 'subs' },
      { app: beta.id, status: 'BETA' },
      { app: '', status: 'beta' },
      { app: 5, status: 'beta' },
      { app: beta.id, status: 'beta', com: otherCompanyId },
    ];
    for (const payload of bad) {
      const answer = await update(member, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toMatchObject({ Code: 'incomplete_param' });
    }
    expect(await rowsOf(companyId)).toEqual(before);
  });
});
