import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** users.removeAccess: access, invitations, branches, names and sessions go together; section 6. */
describe('users.removeAccess', () => {
  let t: TestApp;
  let companyId: string;
  let otherCompanyId: string;
  let owner: Member;
  let admin: Member;
  let outsider: Member;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    otherCompanyId = (await createCompany(t)).id;
    owner = await signedInMember(t, companyId, ['owner']);
    admin = await signedInMember(t, companyId, ['admin']);
    outsider = await signedInMember(t, otherCompanyId, ['owner']);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, cookie = admin.session.cookie) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('removes access, invitations, branches and names, and ends sessions here only', async () => {
    const appId = (await createApp(t)).id;
    const member = await signedInMember(t, companyId, []);
    await grantAccess(t, {
      companyId,
      appId,
      user: member,
      roles: ['viewer'],
      status: 'pending',
    });
    await grantAccess(t, { companyId: otherCompanyId, user: member, roles: [] });
    await t.db.prisma.branch.create({ data: { companyId, id: unique('b'), name: 'B' } });
    const branch = await t.db.prisma.branch.findFirstOrThrow({ where: { companyId } });
    await t.db.prisma.userBranch.create({
      data: { userId: member.id, companyId, branchId: branch.id, servicing: true },
    });
    await t.db.prisma.userPreference.create({
      data: { userId: member.id, companyId, fname: 'A', lname: 'B' },
    });
    const elsewhere = await openTestSession(t, member, { companyId: otherCompanyId });

    const res = await post('/v1/user/company/remove', { email: member.email.toUpperCase() });
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(await t.db.prisma.access.count({ where: { companyId, email: member.email } })).toBe(0);
    expect(await t.db.prisma.userBranch.count({ where: { userId: member.id, companyId } })).toBe(0);
    expect(
      await t.db.prisma.userPreference.count({ where: { userId: member.id, companyId } }),
    ).toBe(0);
    // The old cookie no longer works; the session in the other company does.
    const old = await t.app.inject({
      method: 'GET',
      url: `/v1/branches?com=${companyId}`,
      headers: { cookie: member.session.cookie },
    });
    expect(old.json().Code).toBe('session_invalid');
    const other = await t.app.inject({
      method: 'GET',
      url: `/v1/branches?com=${otherCompanyId}`,
      headers: { cookie: elsewhere.cookie },
    });
    expect(other.statusCode).toBe(200);
    const ended = await t.db.prisma.session.findUniqueOrThrow({
      where: { id: member.session.id },
    });
    expect(ended.endReason).toBe('access_removed');
    expect(
      await t.db.prisma.access.count({
        where: { companyId: otherCompanyId, email: member.email },
      }),
    ).toBe(1);
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'user.access.remove', target: member.id },
    });
    expect(audit).toMatchObject({ actorId: admin.id, companyId });
  });

  it('refuses oneself and, unless an owner, an admin', async () => {
    expect((await post('/v1/user/company/remove', { email: admin.email })).json().Code).toBe(
      'forbidden',
    );
    const other = await signedInMember(t, companyId, ['admin']);
    expect((await post('/v1/user/company/remove', { email: other.email })).json().Code).toBe(
      'forbidden',
    );
    expect(await t.db.prisma.access.count({ where: { companyId, email: other.email } })).toBe(1);
    const byOwner = await post(
      '/v1/user/company/remove',
      { email: other.email },
      owner.session.cookie,
    );
    expect(byOwner.json().Code).toBe('200');
  });

  it("treats another company's users as unknown and removes nothing", async () => {
    const target = await signedInMember(t, companyId, []);
    const res = await post(
      '/v1/user/company/remove',
      { email: target.email },
      outsider.session.cookie,
    );
    expect(res.json().Code).toBe('user_not_found');
    expect(await t.db.prisma.access.count({ where: { companyId, email: target.email } })).toBe(1);
    const session = await t.db.prisma.session.findUniqueOrThrow({
      where: { id: target.session.id },
    });
    expect(session.endedAt).toBeNull();
  });

  it('refuses a plain member and a session in the platform company acting here', async () => {
    const member = await signedInMember(t, companyId, []);
    const target = await signedInMember(t, companyId, []);
    const platform = await signedInMember(t, PLATFORM_COMPANY_ID, ['owner']);
    expect(
      (await post('/v1/user/company/remove', { email: target.email }, member.session.cookie)).json()
        .Code,
    ).toBe('forbidden');
    expect(
      (
        await post('/v1/user/company/remove', { email: target.email }, platform.session.cookie)
      ).json().Code,
    ).toBe('user_not_found');
    expect(await t.db.prisma.access.count({ where: { companyId, email: target.email } })).toBe(1);
  });

  it.each([
    ['a missing e-mail', {}],
    ['a bad e-mail', { email: 'nope' }],
    ['an extra field', { email: 'a@example.test', com: 'x' }],
  ])('answers incomplete_param for %s', async (_, payload) => {
    expect((await post('/v1/user/company/remove', payload)).json().Code).toBe('incomplete_param');
  });
});
