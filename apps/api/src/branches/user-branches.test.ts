import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow, locksWaiting } from '../../test/row-lock.js';
import { bootstrapPlatform, createCompany, signedInMember, unique } from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** A user's branches: list with paging, assign (one servicing), unassign, isolation, races. */
describe('user branches', () => {
  let t: TestApp;
  let companyId: string;
  let otherCompanyId: string;
  let admin: Member;
  let outsider: Member;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    otherCompanyId = (await createCompany(t)).id;
    admin = await signedInMember(t, companyId, ['admin']);
    outsider = await signedInMember(t, otherCompanyId, ['owner']);
    await t.db.prisma.branch.createMany({
      data: Array.from({ length: 35 }, (_, i) => ({
        companyId,
        id: `b${String(i).padStart(2, '0')}`,
        name: `Branch ${String(i).padStart(2, '0')}`,
      })),
    });
    await t.db.prisma.branch.create({
      data: { companyId: otherCompanyId, id: 'b00', name: 'Theirs' },
    });
  });
  afterAll(() => t.close());

  const post = (path: string, payload: Record<string, unknown>, cookie = admin.session.cookie) =>
    t.app.inject({ method: 'POST', url: `/v1/branches/user${path}`, headers: { cookie }, payload });
  const assignmentsOf = (userId: string, company = companyId) =>
    t.db.prisma.userBranch.findMany({
      where: { userId, companyId: company },
      select: { branchId: true, servicing: true },
      orderBy: { branchId: 'asc' },
    });

  it('assigns branches; a new servicing branch clears the previous flag', async () => {
    const user = await signedInMember(t, companyId, []);
    const add = (branch: string, servicing: boolean) =>
      post('/add', { userid: user.id, com: companyId, branch, servicing });
    expect((await add('b01', true)).json()).toMatchObject({ Code: '200' });
    expect((await add('b02', false)).json().Code).toBe('200');
    expect((await add('b03', true)).json().Code).toBe('200');
    expect(await assignmentsOf(user.id)).toEqual([
      { branchId: 'b01', servicing: false },
      { branchId: 'b02', servicing: false },
      { branchId: 'b03', servicing: true },
    ]);
    const listed = (await post('', { userid: user.id, com: companyId, offset: 0 })).json().Msg;
    expect(listed).toEqual({
      branches: [
        { id: 'b03', name: 'Branch 03', servicing: true },
        { id: 'b01', name: 'Branch 01', servicing: false },
        { id: 'b02', name: 'Branch 02', servicing: false },
      ],
      servicing: 'b03',
    });
    expect(
      (await post('/remove', { userid: user.id, com: companyId, branch: 'b03' })).json().Code,
    ).toBe('200');
    expect(
      (await post('', { userid: user.id, com: companyId, offset: 0 })).json().Msg.servicing,
    ).toBeNull();
    expect(
      await t.db.prisma.auditEvent.count({
        where: { target: user.id, action: { in: ['user.branch.add', 'user.branch.remove'] } },
      }),
    ).toBe(4);
  });

  it('pages a long list from the offset', async () => {
    const user = await signedInMember(t, companyId, []);
    await t.db.prisma.userBranch.createMany({
      data: Array.from({ length: 33 }, (_, i) => ({
        userId: user.id,
        companyId,
        branchId: `b${String(i).padStart(2, '0')}`,
        servicing: i === 20,
      })),
    });
    const first = (await post('', { userid: user.id, com: companyId, offset: 0 })).json().Msg;
    expect(first.branches).toHaveLength(30);
    expect(first.branches[0]).toEqual({ id: 'b20', name: 'Branch 20', servicing: true });
    const second = (await post('', { userid: user.id, com: companyId, offset: 30 })).json().Msg;
    expect(second.branches.map((b: { id: string }) => b.id)).toEqual(['b30', 'b31', 'b32']);
    expect(second.servicing).toBe('b20');
  });

  it('keeps one servicing branch when two servicing assignments race', async () => {
    const user = await signedInMember(t, companyId, []);
    const results = await Promise.all(
      ['b10', 'b11', 'b12', 'b13', 'b14', 'b15'].map((branch) =>
        post('/add', { userid: user.id, com: companyId, branch, servicing: true }),
      ),
    );
    expect(results.map((res) => res.json().Code)).toEqual([
      '200',
      '200',
      '200',
      '200',
      '200',
      '200',
    ]);
    const rows = await assignmentsOf(user.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.servicing)).toHaveLength(1);
  });

  it('assigns a branch being removed before the removal, which then takes the assignment', async () => {
    const user = await signedInMember(t, companyId, []);
    const doomed = unique('gone');
    await t.db.prisma.branch.create({ data: { companyId, id: doomed, name: 'Closing' } });
    await post('/add', { userid: user.id, com: companyId, branch: 'b30', servicing: true });
    const waiting = () => locksWaiting(t);
    // The assignment has read the branch and waits to clear the servicing flag of b30 (held
    // here) when the branch's removal arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM user_branches
                            WHERE user_id = ${user.id} AND company_id = ${companyId}
                              AND branch_id = 'b30' FOR UPDATE`;
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const assigned = post('/add', {
      userid: user.id,
      com: companyId,
      branch: doomed,
      servicing: true,
    });
    await expect.poll(waiting).toBe(1);
    let settled = false;
    const removed = t.app
      .inject({
        method: 'POST',
        url: `/v1/branches/remove?com=${companyId}&id=${doomed}`,
        headers: { cookie: admin.session.cookie },
        payload: {},
      })
      .finally(() => (settled = true));
    // The removal either waits for the assignment or (before it did) ran through.
    await expect.poll(async () => settled || (await waiting()) === 2).toBe(true);
    release();
    await holder;
    expect((await assigned).json().Code).toBe('200');
    expect((await removed).json().Code).toBe('200');
    expect(await t.db.prisma.branch.count({ where: { companyId, id: doomed } })).toBe(0);
    expect(await assignmentsOf(user.id)).toEqual([{ branchId: 'b30', servicing: false }]);
  });

  it('answers not_found for a branch of another company or one not assigned', async () => {
    const user = await signedInMember(t, companyId, []);
    const foreign = await post('/add', {
      userid: user.id,
      com: companyId,
      branch: 'nope',
      servicing: false,
    });
    expect(foreign.json().Code).toBe('not_found');
    const unassigned = await post('/remove', { userid: user.id, com: companyId, branch: 'b01' });
    expect(unassigned.json().Code).toBe('not_found');
    expect(await assignmentsOf(user.id)).toEqual([]);
  });

  it('answers user_not_found for users without access here', async () => {
    const stranger = await signedInMember(t, otherCompanyId, []);
    for (const res of [
      await post('', { userid: stranger.id, com: companyId, offset: 0 }),
      await post('/add', { userid: stranger.id, com: companyId, branch: 'b01', servicing: true }),
      await post('/remove', { userid: unique('u'), com: companyId, branch: 'b01' }),
    ]) {
      expect(res.json().Code).toBe('user_not_found');
    }
    expect(await t.db.prisma.userBranch.count({ where: { userId: stranger.id } })).toBe(0);
  });

  it('refuses another company, with its own com or with ours, and plain members', async () => {
    const user = await signedInMember(t, companyId, []);
    await post('/add', { userid: user.id, com: companyId, branch: 'b05', servicing: true });
    const member = await signedInMember(t, companyId, []);
    const attempts = [
      post('/remove', { userid: user.id, com: companyId, branch: 'b05' }, outsider.session.cookie),
      post(
        '/remove',
        { userid: user.id, com: otherCompanyId, branch: 'b05' },
        outsider.session.cookie,
      ),
      post(
        '/add',
        { userid: user.id, com: otherCompanyId, branch: 'b00', servicing: true },
        outsider.session.cookie,
      ),
      post('', { userid: user.id, com: companyId, offset: 0 }, outsider.session.cookie),
      post('/remove', { userid: user.id, com: companyId, branch: 'b05' }, member.session.cookie),
    ];
    const codes = [];
    for (const attempt of attempts) codes.push((await attempt).json().Code);
    expect(codes).toEqual([
      'forbidden',
      'user_not_found',
      'user_not_found',
      'forbidden',
      'forbidden',
    ]);
    expect(await assignmentsOf(user.id)).toEqual([{ branchId: 'b05', servicing: true }]);
    expect(await assignmentsOf(user.id, otherCompanyId)).toEqual([]);
  });

  it("an assignment racing the member's removal does not outlive it", async () => {
    const user = await signedInMember(t, companyId, []);
    const branch = unique('race');
    await t.db.prisma.branch.create({ data: { companyId, id: branch, name: 'Race' } });
    // The test holds the branch: the assignment, which has read the member, waits on it (KEY
    // SHARE) first; then the removal of the member, which must wait for the assignment.
    const held = await holdRow(t, 'branches', branch);
    const added = post('/add', { userid: user.id, com: companyId, branch, servicing: true });
    await held.waitingOnLocks(1);
    const removed = t.app.inject({
      method: 'POST',
      url: '/v1/user/company/remove',
      headers: { cookie: admin.session.cookie },
      payload: { email: user.email },
    });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await added).json()).toMatchObject({ Code: '200' });
    expect((await removed).json()).toMatchObject({ Code: '200' });
    expect(await assignmentsOf(user.id)).toEqual([]);
  });

  it.each([
    ['a missing servicing flag', '/add', { userid: 'u', com: 'c', branch: 'b' }],
    ['a wrong type', '/add', { userid: 'u', com: 'c', branch: 'b', servicing: 'yes' }],
    ['a negative offset', '', { userid: 'u', com: 'c', offset: -1 }],
    ['an over-long userid', '/remove', { userid: 'u'.repeat(129), com: 'c', branch: 'b' }],
    ['an extra field', '/remove', { userid: 'u', com: 'c', branch: 'b', x: 1 }],
  ])('answers incomplete_param for %s', async (_, path, payload) => {
    expect((await post(path, payload)).json().Code).toBe('incomplete_param');
  });
});
