import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * Branch assignments and names belong to a member of the company (section 2: Remove User
 * Access removes them): whatever takes someone's last access here (a role update, a role's
 * removal) takes them too, so they do not come back when the person is invited again.
 */
describe('what losing the last access takes along', () => {
  let t: TestApp;
  let companyId: string;
  let appId: string;
  let secondAppId: string;
  let admin: Member;
  let platformAdmin: { cookie: string };
  const branch = unique('br');

  beforeAll(async () => {
    t = await startTestApp();
    const platform = await bootstrapPlatform(t);
    platformAdmin = await openTestSession(t, platform, { companyId: PLATFORM_COMPANY_ID });
    companyId = (await createCompany(t)).id;
    appId = (await createApp(t, { roles: ['viewer', 'teller'] })).id;
    secondAppId = (await createApp(t)).id;
    admin = await signedInMember(t, companyId, ['admin']);
    await t.db.prisma.branch.create({ data: { companyId, id: branch, name: 'Main street' } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, cookie = admin.session.cookie) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const updateRoles = (email: string, data: { app: string; roles: string[] }[]) =>
    post('/v1/users/role/update', { email, data });

  /** A member holding applications' roles only, with a servicing branch and names here. */
  async function memberWithBranch(apps: { app: string; roles: string[] }[]) {
    const user = await createUser(t);
    for (const { app, roles } of apps) {
      await grantAccess(t, { companyId, appId: app, user, roles });
    }
    const assigned = await post('/v1/branches/user/add', {
      userid: user.id,
      com: companyId,
      branch,
      servicing: true,
    });
    expect(assigned.json().Code).toBe('200');
    await t.db.prisma.userPreference.create({
      data: { userId: user.id, companyId, fname: 'Ada', lname: 'Byron' },
    });
    return user;
  }
  const keptOf = async (userId: string) => ({
    branches: await t.db.prisma.userBranch.count({ where: { userId, companyId } }),
    names: await t.db.prisma.userPreference.count({ where: { userId, companyId } }),
  });

  it('a role update that takes the last access takes the branches and names too', async () => {
    const user = await memberWithBranch([{ app: appId, roles: ['viewer'] }]);
    expect((await updateRoles(user.email, [{ app: appId, roles: [] }])).json().Code).toBe('200');
    expect(await keptOf(user.id)).toEqual({ branches: 0, names: 0 });

    // Invited again and accepted: they start afresh, in the lists and on their card.
    await grantAccess(t, { companyId, appId, user, roles: ['viewer'] });
    const listed = await post('/v1/branches/user', { userid: user.id, com: companyId, offset: 0 });
    expect(listed.json().Msg).toEqual({ branches: [], servicing: null });
    const filtered = await post('/v1/users', {
      offset: 0,
      prefs: true,
      search: '',
      branchFilter: branch,
      appFilter: 'all',
    });
    expect(filtered.json().Msg.users.map((row: { email: string }) => row.email)).not.toContain(
      user.email,
    );
  });

  it('a role update that leaves another application keeps them', async () => {
    const user = await memberWithBranch([
      { app: appId, roles: ['viewer'] },
      { app: secondAppId, roles: ['viewer'] },
    ]);
    expect((await updateRoles(user.email, [{ app: appId, roles: [] }])).json().Code).toBe('200');
    expect(await keptOf(user.id)).toEqual({ branches: 1, names: 1 });
  });

  it("a role's removal that empties someone's last access takes them too", async () => {
    const user = await memberWithBranch([{ app: appId, roles: ['teller'] }]);
    const removed = await post(`/v1/roles/remove?id=teller&app=${appId}`, {}, platformAdmin.cookie);
    expect(removed.json().Code).toBe('200');
    expect(await t.db.prisma.access.count({ where: { companyId, email: user.email } })).toBe(0);
    expect(await keptOf(user.id)).toEqual({ branches: 0, names: 0 });
  });
});
