import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { HeldRow } from '../../test/row-lock.js';
import { holdRow, locksWaiting } from '../../test/row-lock.js';
import { bootstrapPlatform, createCompany, signedInMember, unique } from '../../test/factories.js';

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
type Member = Awaited<ReturnType<typeof signedInMember>>;
type Held = Pick<HeldRow, 'waitingOnLocks' | 'release'>;
type Tx = Parameters<Parameters<TestApp['db']['prisma']['$transaction']>[0]>[0];

/** A company with an owner, an admin and one branch. */
interface Setup {
  companyId: string;
  owner: Member;
  admin: Member;
  branchId: string;
  /** A plain member, assigned the branch. */
  member: Member;
}

/**
 * Found by hostile testing (2026-11-28), as for company.* (company/removed-admin-races.test.ts):
 * a company administrator removed by the owner while their branch call waits on a row must not
 * get the change through once the removal has committed. The guard read the roles when the
 * request began; company/acting-admin.ts reads them again inside the transaction, under the
 * caller's per-person lock: a call holding it while it waits goes through first, and the
 * removal after it.
 */
describe('branches: an administrator removed while the call waits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  async function companyWithBranch(): Promise<Setup> {
    const companyId = (await createCompany(t)).id;
    const owner = await signedInMember(t, companyId, ['owner']);
    const admin = await signedInMember(t, companyId, ['admin']);
    const branchId = unique('br');
    await t.db.prisma.branch.create({ data: { companyId, id: branchId, name: 'Harbour' } });
    const member = await signedInMember(t, companyId, []);
    await t.db.prisma.userBranch.create({ data: { userId: member.id, companyId, branchId } });
    return { companyId, owner, admin, branchId, member };
  }

  /** The owner takes the admin out of the company; it commits at once (nothing it needs is held). */
  async function removeAdmin(setup: Setup): Promise<void> {
    const removal = await post(setup.owner.session.cookie, '/v1/user/company/remove', {
      email: setup.admin.email,
    });
    expect(removal.json()).toMatchObject({ Code: '200' });
  }

  /** The admin's `call` waits on the held branch row while they are removed; then it goes on. */
  async function removedWhileWaitingOnBranch(call: (setup: Setup) => Promise<Answer>) {
    const setup = await companyWithBranch();
    const held = await holdRow(t, 'branches', setup.branchId);
    const pending = call(setup);
    await held.waitingOnLocks(1);
    await removeAdmin(setup);
    await held.release();
    return { setup, res: await pending };
  }

  const branchOf = (setup: Setup) =>
    t.db.prisma.branch.findUnique({
      where: { companyId_id: { companyId: setup.companyId, id: setup.branchId } },
    });

  it('a rename: the branch keeps its name', async () => {
    const { setup, res } = await removedWhileWaitingOnBranch(({ admin, companyId, branchId }) =>
      post(admin.session.cookie, '/v1/branches/update', {
        id: branchId,
        com: companyId,
        name: 'Taken over',
      }),
    );
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    expect((await branchOf(setup))?.name).toBe('Harbour');
  });

  /**
   * The admin's `call` waits on `held` while the owner removes them. A call that holds the
   * admin's per-person lock while it waits makes the removal queue behind it (a second waiter);
   * without that lock, the removal commits at once. What the call answered, and the order in
   * which `action` (the call's audit event) and the removal were recorded.
   */
  async function callWhileRemoved(
    setup: Setup,
    held: Held,
    call: () => Promise<Answer>,
    action: string,
  ) {
    const pending = call();
    await held.waitingOnLocks(1);
    const removal = removeAdmin(setup);
    await Promise.race([removal, held.waitingOnLocks(2).catch(() => undefined)]);
    await held.release();
    const [res] = await Promise.all([pending, removal]);
    const events = await t.db.prisma.auditEvent.findMany({
      where: { action: { in: [action, 'user.access.remove'] }, companyId: setup.companyId },
      orderBy: { id: 'asc' },
      select: { action: true },
    });
    return { res, order: events.map((event) => event.action) };
  }

  it('a removal: goes through before the admin is removed, never after', async () => {
    const setup = await companyWithBranch();
    const { res, order } = await callWhileRemoved(
      setup,
      await holdRow(t, 'branches', setup.branchId),
      () =>
        post(
          setup.admin.session.cookie,
          `/v1/branches/remove?com=${setup.companyId}&id=${setup.branchId}`,
        ),
      'branch.remove',
    );
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(order).toEqual(['branch.remove', 'user.access.remove']);
  });

  it('an assignment: made before the admin is removed, never after', async () => {
    const setup = await companyWithBranch();
    const { res, order } = await callWhileRemoved(
      setup,
      await holdRow(t, 'branches', setup.branchId),
      () =>
        post(setup.admin.session.cookie, '/v1/branches/user/add', {
          userid: setup.member.id,
          com: setup.companyId,
          branch: setup.branchId,
          servicing: true,
        }),
      'user.branch.add',
    );
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(order).toEqual(['user.branch.add', 'user.access.remove']);
  });

  it('an unassignment: made before the admin is removed, never after', async () => {
    const setup = await companyWithBranch();
    const assignment = holdInTransaction(
      t,
      (tx) => tx.$queryRaw`
        SELECT 1 FROM user_branches
         WHERE user_id = ${setup.member.id} AND company_id = ${setup.companyId}
           AND branch_id = ${setup.branchId} FOR UPDATE`,
    );
    await assignment.held;
    const { res, order } = await callWhileRemoved(
      setup,
      assignment,
      () =>
        post(setup.admin.session.cookie, '/v1/branches/user/remove', {
          userid: setup.member.id,
          com: setup.companyId,
          branch: setup.branchId,
        }),
      'user.branch.remove',
    );
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(order).toEqual(['user.branch.remove', 'user.access.remove']);
  });

  it('two administrators assigning branches to each other at once: both go through', async () => {
    const setup = await companyWithBranch();
    const other = await signedInMember(t, setup.companyId, ['admin']);
    const secondBranch = unique('br');
    await t.db.prisma.branch.create({
      data: { companyId: setup.companyId, id: secondBranch, name: 'Quay' },
    });
    const assign = (by: Member, to: Member, branch: string) =>
      post(by.session.cookie, '/v1/branches/user/add', {
        userid: to.id,
        com: setup.companyId,
        branch,
        servicing: false,
      });
    // Each waits on its branch while holding what it locked before it, then both go on. Each
    // takes both people's locks (its own and the other's): in one order, or the two would wait
    // for each other (a deadlock, a 500).
    const first = await holdRow(t, 'branches', setup.branchId);
    const second = await holdRow(t, 'branches', secondBranch);
    const one = assign(setup.admin, other, setup.branchId);
    await first.waitingOnLocks(1);
    const two = assign(other, setup.admin, secondBranch);
    await second.waitingOnLocks(2);
    await Promise.all([first.release(), second.release()]);
    expect((await one).json()).toMatchObject({ Code: '200' });
    expect((await two).json()).toMatchObject({ Code: '200' });
    expect(
      await t.db.prisma.userBranch.count({
        where: { companyId: setup.companyId, userId: { in: [setup.admin.id, other.id] } },
      }),
    ).toBe(2);
  });

  it('an addition: no branch is added', async () => {
    const setup = await companyWithBranch();
    const newId = unique('br');
    // An uncommitted insert of the same id: the admin's insert waits to see whether it commits.
    const rival = holdInTransaction(t, (tx) =>
      tx.branch.create({ data: { companyId: setup.companyId, id: newId, name: 'Rival' } }),
    );
    await rival.held;
    const pending = post(setup.admin.session.cookie, '/v1/branches/add', {
      branchid: newId,
      name: 'Taken over',
      com: setup.companyId,
    });
    await rival.waitingOnLocks(1);
    await removeAdmin(setup);
    await rival.release();
    expect((await pending).json()).toMatchObject({ Code: 'session_invalid' });
    expect(
      await t.db.prisma.branch.count({ where: { companyId: setup.companyId, id: newId } }),
    ).toBe(0);
  });
});

/**
 * Runs `work` in a transaction of its own and keeps it open, its row locks held, until
 * `release`: then it is rolled back (an uncommitted insert vanishes, a lock is let go).
 */
function holdInTransaction(t: TestApp, work: (tx: Tx) => Promise<unknown>) {
  let rollBack = () => {};
  const told = new Promise<void>((resolve) => (rollBack = resolve));
  let done = () => {};
  const isDone = new Promise<void>((resolve) => (done = resolve));
  const holder = t.db.prisma
    .$transaction(
      async (tx) => {
        await work(tx);
        done();
        await told;
        throw new Error('rolled back on purpose');
      },
      { timeout: 20_000 },
    )
    .catch(() => undefined);
  return {
    held: isDone,
    waitingOnLocks: (count: number) => expect.poll(() => locksWaiting(t)).toBe(count),
    release: async () => {
      rollBack();
      await holder;
    },
  };
}
