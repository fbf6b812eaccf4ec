import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { HeldRow } from '../../test/row-lock.js';
import { holdRow } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  grantAccess,
  signedInMember,
} from '../../test/factories.js';

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

/**
 * Found by hostile testing (2026-11-28), as for invitations (invites/removed-admin-races.test.ts):
 * a company administrator removed by the owner while their change to a member's access waits on
 * a row must not get it through once the removal has committed. The call holds the
 * administrator's own per-person lock and reads their roles again under it
 * (acting-admin-lock.ts): it goes through first, and the removal after it.
 */
describe('users: an administrator removed while the call waits', () => {
  let t: TestApp;
  let appId: string;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    appId = (await createApp(t, { name: 'Loans' })).id;
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  /** A company with an owner, an admin and a member with access to `appId`. */
  async function company() {
    const companyId = (await createCompany(t)).id;
    const owner = await signedInMember(t, companyId, ['owner']);
    const admin = await signedInMember(t, companyId, ['admin']);
    const member = await signedInMember(t, companyId, []);
    const access = await grantAccess(t, { companyId, appId, user: member, roles: ['viewer'] });
    return { companyId, owner, admin, member, access };
  }

  /**
   * The admin's `call` waits on `held` while the owner removes them; then it goes on. What it
   * answered, and the order in which its audit event (`action`) and the removal were recorded.
   */
  async function callWhileRemoved(
    setup: Awaited<ReturnType<typeof company>>,
    held: HeldRow,
    call: () => Promise<Answer>,
    action: string,
  ) {
    const pending = call();
    await held.waitingOnLocks(1);
    const removal = post(setup.owner.session.cookie, '/v1/user/company/remove', {
      email: setup.admin.email,
    });
    // A call holding the admin's lock makes the removal queue behind it (a second waiter).
    await Promise.race([removal, held.waitingOnLocks(2).catch(() => undefined)]);
    await held.release();
    const [res, removed] = await Promise.all([pending, removal]);
    expect(removed.json()).toMatchObject({ Code: '200' });
    const events = await t.db.prisma.auditEvent.findMany({
      where: { action: { in: [action, 'user.access.remove'] }, companyId: setup.companyId },
      orderBy: { id: 'asc' },
      select: { action: true },
    });
    return { res, order: events.map((event) => event.action) };
  }

  it('users.updateRoles: the roles change before the admin is removed, never after', async () => {
    const setup = await company();
    const { res, order } = await callWhileRemoved(
      setup,
      await holdRow(t, 'applications', appId),
      () =>
        post(setup.admin.session.cookie, '/v1/users/role/update', {
          email: setup.member.email,
          data: [{ app: appId, roles: ['editor'] }],
        }),
      'user.roles.update',
    );
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(order).toEqual(['user.roles.update', 'user.access.remove']);
  });

  it('users.removeAccess: the member is removed before the admin is, never after', async () => {
    const setup = await company();
    const { res, order } = await callWhileRemoved(
      setup,
      await holdRow(t, 'access', setup.access.id),
      () =>
        post(setup.admin.session.cookie, '/v1/user/company/remove', {
          email: setup.member.email,
        }),
      'user.access.remove',
    );
    expect(res.json()).toMatchObject({ Code: '200' });
    const targets = await t.db.prisma.auditEvent.findMany({
      where: { action: 'user.access.remove', companyId: setup.companyId },
      orderBy: { id: 'asc' },
      select: { target: true },
    });
    expect(order).toHaveLength(2);
    expect(targets.map((event) => event.target)).toEqual([setup.member.id, setup.admin.id]);
  });
});
