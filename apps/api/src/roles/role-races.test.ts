import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { locksWaiting } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * A role removed while an administrator grants it. The grant is held inside its transaction
 * (the test locks one of the person's existing role rows, which the grant rewrites) while the
 * removal arrives; whichever order the two then take, the role ends up gone with every grant of
 * it, no call answers a 500, and nobody keeps an application's access without a role.
 */
describe('a role removed while it is granted', () => {
  let t: TestApp;
  let platformAdmin: string;
  let companyId: string;
  let admin: Member;
  beforeAll(async () => {
    t = await startTestApp();
    const root = await bootstrapPlatform(t);
    platformAdmin = (await openTestSession(t, root, { companyId: PLATFORM_COMPANY_ID })).cookie;
    companyId = (await createCompany(t)).id;
    admin = await signedInMember(t, companyId, ['admin']);
  });
  afterAll(() => t.close());

  const updateRoles = (email: string, data: { app: string; roles: string[] }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/users/role/update',
      headers: { cookie: admin.session.cookie },
      payload: { email, data },
    });
  const removeRole = (app: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/roles/remove?id=${id}&app=${app}`,
      headers: { cookie: platformAdmin },
      payload: {},
    });
  const rolesOf = async (email: string, app: string) =>
    (
      await t.db.prisma.access.findUnique({
        where: { companyId_appId_email: { companyId, appId: app, email } },
        select: { roles: { select: { roleId: true } } },
      })
    )?.roles
      .map((role) => role.roleId)
      .sort();
  const waiting = () => locksWaiting(t);

  /**
   * Holds the role row (`accessId`, `roleId`) while the grant starts (and waits on it), then
   * starts the removal and lets both go once it has waited or (without a lock of its own)
   * finished.
   */
  async function race(
    held: { accessId: string; roleId: string },
    grant: () => ReturnType<typeof updateRoles>,
    removal: () => ReturnType<typeof removeRole>,
  ) {
    let release = () => {};
    const until = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM access_roles
                            WHERE access_id = ${held.accessId} AND role_id = ${held.roleId}
                            FOR UPDATE`;
        locked();
        await until;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const granted = grant();
    await expect.poll(waiting).toBe(1);
    let settled = false;
    const removed = removal().finally(() => (settled = true));
    await expect.poll(async () => settled || (await waiting()) === 2).toBe(true);
    release();
    await holder;
    return { granted: await granted, removed: await removed };
  }

  it('a grant that checked the role before the removal still succeeds, and the removal takes it', async () => {
    const app = await createApp(t, { roles: ['viewer', 'doomed'] });
    const member = await signedInMember(t, companyId, []);
    const row = await grantAccess(t, { companyId, appId: app.id, user: member, roles: ['viewer'] });
    const { granted, removed } = await race(
      { accessId: row.id, roleId: 'viewer' },
      () => updateRoles(member.email, [{ app: app.id, roles: ['viewer', 'doomed'] }]),
      () => removeRole(app.id, 'doomed'),
    );
    expect(granted.json().Code).toBe('200');
    expect(removed.json().Code).toBe('200');
    expect(await t.db.prisma.role.count({ where: { appId: app.id, id: 'doomed' } })).toBe(0);
    expect(await rolesOf(member.email, app.id)).toEqual(['viewer']);
  });

  it('an access whose only role is removed while it is granted goes with the role', async () => {
    const app = await createApp(t, { roles: ['viewer', 'doomed'] });
    const other = await createApp(t, { roles: ['viewer', 'editor'] });
    const member = await signedInMember(t, companyId, []);
    const row = await grantAccess(t, {
      companyId,
      appId: other.id,
      user: member,
      roles: ['viewer'],
    });
    // The new access with the doomed role is written first, then the grant waits on `other`.
    const { granted, removed } = await race(
      { accessId: row.id, roleId: 'viewer' },
      () =>
        updateRoles(member.email, [
          { app: app.id, roles: ['doomed'] },
          { app: other.id, roles: ['editor'] },
        ]),
      () => removeRole(app.id, 'doomed'),
    );
    expect(granted.json().Code).toBe('200');
    expect(removed.json().Code).toBe('200');
    expect(await rolesOf(member.email, app.id)).toBeUndefined();
    expect(await rolesOf(member.email, other.id)).toEqual(['editor']);
    expect(await t.db.prisma.access.count({ where: { appId: app.id, roles: { none: {} } } })).toBe(
      0,
    );
  });
});
