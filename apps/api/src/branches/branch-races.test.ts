import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow, locksWaiting } from '../../test/row-lock.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * Branch assignments racing what takes them away: the account's erasure, the branch's removal
 * (whose audit event counts the assignments it took) and an unassignment. Each race is ordered
 * by a row the test holds (test/row-lock.ts).
 */
describe('branch races', () => {
  let t: TestApp;
  let companyId: string;
  let admin: Member;
  let deletable: string;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    admin = await signedInMember(t, companyId, ['admin']);
    const app = await createApp(t);
    deletable = (await createClient(t, { appId: app.id, allowDelete: true })).id;
  });
  afterAll(() => t.close());

  const assign = (userid: string, branch: string, servicing: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/branches/user/add',
      headers: { cookie: admin.session.cookie },
      payload: { userid, com: companyId, branch, servicing },
    });
  const unassign = (userid: string, branch: string, by: Member = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/branches/user/remove',
      headers: { cookie: by.session.cookie },
      payload: { userid, com: companyId, branch },
    });
  const removeBranch = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/branches/remove?com=${companyId}&id=${id}`,
      headers: { cookie: admin.session.cookie },
      payload: {},
    });
  const newBranch = async (prefix: string) => {
    const id = unique(prefix);
    await t.db.prisma.branch.create({ data: { companyId, id, name: `Branch ${id}` } });
    return id;
  };
  const removalAudit = (id: string) =>
    t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'branch.remove', target: `branch:${companyId}/${id}` },
      select: { details: true },
    });
  /** Locks one assignment (it has no single id for holdRow) until the returned call. */
  const holdAssignment = async (userId: string, branchId: string) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM user_branches
                            WHERE user_id = ${userId} AND company_id = ${companyId}
                              AND branch_id = ${branchId} FOR UPDATE`;
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    return async () => {
      release();
      await holder;
    };
  };
  /** Settles to true once `call` answered or `count` statements wait on a lock. */
  const answeredOrWaiting = (call: Promise<unknown>, count: number) => {
    let settled = false;
    void call.finally(() => (settled = true));
    return expect.poll(async () => settled || (await locksWaiting(t)) === count).toBe(true);
  };

  it("an assignment racing the account's erasure commits first and goes with the account", async () => {
    const user = await createUser(t);
    await grantAccess(t, { companyId, user, roles: [] });
    const session = await openTestSession(t, user, { companyId, clientId: deletable });
    const branch = await newBranch('erase');
    // The assignment has checked the member and waits for the branch (held here) when the
    // user deletes their account: the erasure must wait for it, not delete the account under
    // it (the assignment's insert would then fail its foreign key: a 500).
    const held = await holdRow(t, 'branches', branch);
    const added = assign(user.id, branch, true);
    await held.waitingOnLocks(1);
    const erased = t.app.inject({
      method: 'POST',
      url: '/v1/profile/delete',
      headers: { cookie: session.cookie },
      payload: { password: b64(user.password) },
    });
    await answeredOrWaiting(erased, 2);
    await held.release();
    expect((await added).json()).toMatchObject({ Code: '200' });
    expect((await erased).json()).toMatchObject({ Code: '200' });
    expect(await t.db.prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(await t.db.prisma.userBranch.count({ where: { userId: user.id } })).toBe(0);
  });

  it('a branch removal counts the assignment that committed while it waited', async () => {
    const user = await signedInMember(t, companyId, []);
    const previous = await newBranch('prev');
    const doomed = await newBranch('doomed');
    expect((await assign(user.id, previous, true)).json().Code).toBe('200');
    // The assignment holds the doomed branch (KEY SHARE) and waits to clear the previous
    // servicing flag (held here) when the removal arrives and waits for it in turn.
    const held = await holdAssignment(user.id, previous);
    const added = assign(user.id, doomed, true);
    await expect.poll(() => locksWaiting(t)).toBe(1);
    const removed = removeBranch(doomed);
    await answeredOrWaiting(removed, 2);
    await held();
    expect((await added).json().Code).toBe('200');
    expect((await removed).json().Code).toBe('200');
    expect(await t.db.prisma.userBranch.count({ where: { branchId: doomed } })).toBe(0);
    expect((await removalAudit(doomed)).details).toEqual({
      company: companyId,
      assignmentsRemoved: 1,
    });
  });

  it('a branch removal does not count an assignment unassigned while it waited', async () => {
    const user = await signedInMember(t, companyId, []);
    const doomed = await newBranch('doomed');
    expect((await assign(user.id, doomed, false)).json().Code).toBe('200');
    // The branch is held here: the removal waits on it while the unassignment goes through.
    // Another administrator's: the removal holds its caller's per-person lock while it waits
    // (company/acting-admin.ts), so the same administrator's next call would wait for it.
    const otherAdmin = await signedInMember(t, companyId, ['admin']);
    const held = await holdRow(t, 'branches', doomed);
    const removed = removeBranch(doomed);
    await held.waitingOnLocks(1);
    expect((await unassign(user.id, doomed, otherAdmin)).json().Code).toBe('200');
    await held.release();
    expect((await removed).json().Code).toBe('200');
    expect((await removalAudit(doomed)).details).toEqual({
      company: companyId,
      assignmentsRemoved: 0,
    });
  });
});
