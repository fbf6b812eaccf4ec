import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';

describe('companies.remove', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const remove = (cookie: string, id: string, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/coms/remove?id=${encodeURIComponent(id)}`,
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });

  it('ends the sessions in the company, deletes its data and keeps the accounts', async () => {
    const company = await createCompany(t);
    const other = await createCompany(t);
    const member = await signedInMember(t, company.id, ['admin']);
    await t.db.prisma.branch.create({ data: { companyId: company.id, id: 'b1', name: 'Main' } });
    await t.db.prisma.userBranch.create({
      data: { userId: member.id, companyId: company.id, branchId: 'b1', servicing: true },
    });
    await t.db.prisma.userPreference.create({
      data: { userId: member.id, companyId: company.id, fname: 'A', lname: 'B' },
    });
    // The same user also works in another company: that session and access stay.
    await grantAccess(t, { companyId: other.id, user: member, roles: ['admin'] });
    const elsewhere = await openTestSession(t, member, { companyId: other.id });

    const res = await remove(admin, company.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().Code).toBe('200');

    const ended = await t.db.prisma.session.findUniqueOrThrow({ where: { id: member.session.id } });
    expect(ended.endedAt).not.toBeNull();
    expect(ended.endReason).toBe('company_removed');
    const kept = await t.db.prisma.session.findUniqueOrThrow({ where: { id: elsewhere.id } });
    expect(kept.endedAt).toBeNull();

    expect(await t.db.prisma.company.findUnique({ where: { id: company.id } })).toBeNull();
    expect(await t.db.prisma.access.count({ where: { companyId: company.id } })).toBe(0);
    expect(await t.db.prisma.branch.count({ where: { companyId: company.id } })).toBe(0);
    expect(await t.db.prisma.userBranch.count({ where: { companyId: company.id } })).toBe(0);
    expect(await t.db.prisma.userPreference.count({ where: { companyId: company.id } })).toBe(0);
    expect(await t.db.prisma.user.findUnique({ where: { id: member.id } })).not.toBeNull();
    expect(await t.db.prisma.access.count({ where: { companyId: other.id } })).toBe(1);

    // The ended session's cookie no longer works.
    const after = await t.app.inject({
      method: 'GET',
      url: '/v1/com/details',
      headers: { cookie: member.session.cookie },
    });
    expect(after.json().Code).toBe('session_invalid');

    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'company.remove', target: `company:${company.id}` },
    });
    expect(audit.details).toMatchObject({ endedSessions: 1, access: 1, branches: 1 });
  });

  it('never removes the platform company', async () => {
    const res = await remove(admin, PLATFORM_COMPANY_ID);
    expect(res.statusCode).toBe(403);
    expect(res.json().Code).toBe('forbidden');
    expect(
      await t.db.prisma.company.findUnique({ where: { id: PLATFORM_COMPANY_ID } }),
    ).not.toBeNull();
  });

  it('answers not_found for an unknown company', async () => {
    const res = await remove(admin, unique('gone'));
    expect(res.statusCode).toBe(404);
    expect(res.json().Code).toBe('not_found');
  });

  it('refuses a tenant administrator and a core1 member, removing nothing', async () => {
    const company = await createCompany(t);
    const tenant = await signedInMember(t, company.id, ['owner']);
    const user = await createUser(t);
    await grantAccess(t, {
      companyId: PLATFORM_COMPANY_ID,
      appId: 'portal',
      user,
      roles: ['admin'],
    });
    const member = await openTestSession(t, user, { companyId: PLATFORM_COMPANY_ID });
    for (const cookie of [tenant.session.cookie, member.cookie]) {
      expect((await remove(cookie, company.id)).json().Code).toBe('forbidden');
    }
    expect(await t.db.prisma.company.findUnique({ where: { id: company.id } })).not.toBeNull();
    const session = await t.db.prisma.session.findUniqueOrThrow({
      where: { id: tenant.session.id },
    });
    expect(session.endedAt).toBeNull();
  });

  it.each([
    ['no id', '/v1/coms/remove', {}],
    ['an extra query field', '/v1/coms/remove?id=abc&force=1', {}],
    ['a non-empty body', '/v1/coms/remove?id=abc', { cascade: true }],
  ])('refuses %s with incomplete_param', async (_, url, payload) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
  });
});
