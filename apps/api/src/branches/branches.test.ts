import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createCompany, signedInMember, unique } from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** Company branches: list (any member), add, rename, delete (administrators), isolation. */
describe('branches', () => {
  let t: TestApp;
  let companyId: string;
  let otherCompanyId: string;
  let admin: Member;
  let member: Member;
  let outsider: Member;
  let platform: Member;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    otherCompanyId = (await createCompany(t)).id;
    admin = await signedInMember(t, companyId, ['admin']);
    member = await signedInMember(t, companyId, []);
    outsider = await signedInMember(t, otherCompanyId, ['owner']);
    platform = await signedInMember(t, PLATFORM_COMPANY_ID, ['admin']);
  });
  afterAll(() => t.close());

  const list = (com: string, cookie = member.session.cookie) =>
    t.app.inject({ method: 'GET', url: `/v1/branches?com=${com}`, headers: { cookie } });
  const post = (
    url: string,
    payload: Record<string, unknown>,
    cookie = admin.session.cookie,
    query = '',
  ) => t.app.inject({ method: 'POST', url: `${url}${query}`, headers: { cookie }, payload });
  const branchesOf = (company: string) =>
    t.db.prisma.branch.findMany({
      where: { companyId: company },
      select: { id: true, name: true },
      orderBy: { id: 'asc' },
    });

  it('adds, lists, renames and deletes a branch, each with an audit event', async () => {
    const id = unique('br');
    const added = await post('/v1/branches/add', { branchid: id, name: 'Harbour', com: companyId });
    expect(added.json()).toMatchObject({ Code: '200' });
    expect((await list(companyId)).json()).toEqual({
      Code: '200',
      Msg: { branches: [{ id, name: 'Harbour' }] },
    });
    await post('/v1/branches/update', { id, name: 'Harbour Front', com: companyId });
    expect(await branchesOf(companyId)).toEqual([{ id, name: 'Harbour Front' }]);
    const removed = await post(
      '/v1/branches/remove',
      {},
      admin.session.cookie,
      `?com=${companyId}&id=${id}`,
    );
    expect(removed.json()).toMatchObject({ Code: '200' });
    expect(await branchesOf(companyId)).toEqual([]);
    const actions = await t.db.prisma.auditEvent.findMany({
      where: { target: `branch:${companyId}/${id}` },
      select: { action: true, actorId: true },
      orderBy: { id: 'asc' },
    });
    expect(actions.map((a) => a.action)).toEqual(['branch.add', 'branch.update', 'branch.remove']);
    expect(actions.every((a) => a.actorId === admin.id)).toBe(true);
  });

  it('answers app_enrolled for an id the company already uses (other companies may reuse it)', async () => {
    const id = unique('br');
    await post('/v1/branches/add', { branchid: id, name: 'One', com: companyId });
    const again = await post('/v1/branches/add', { branchid: id, name: 'Two', com: companyId });
    expect(again.statusCode).toBe(409);
    expect(again.json().Code).toBe('app_enrolled');
    const elsewhere = await post(
      '/v1/branches/add',
      { branchid: id, name: 'Other', com: otherCompanyId },
      outsider.session.cookie,
    );
    expect(elsewhere.json().Code).toBe('200');
    expect((await branchesOf(companyId)).find((b) => b.id === id)?.name).toBe('One');
  });

  it('answers not_found for renaming or deleting an unknown branch', async () => {
    const update = await post('/v1/branches/update', { id: 'nope', name: 'X', com: companyId });
    expect(update.json().Code).toBe('not_found');
    const remove = await post(
      '/v1/branches/remove',
      {},
      admin.session.cookie,
      `?com=${companyId}&id=nope`,
    );
    expect(remove.json().Code).toBe('not_found');
  });

  it('refuses plain members changes, and everyone acting on another company', async () => {
    const id = unique('br');
    await post('/v1/branches/add', { branchid: id, name: 'Keep', com: companyId });
    const byMember = await post(
      '/v1/branches/add',
      { branchid: unique('br'), name: 'X', com: companyId },
      member.session.cookie,
    );
    expect(byMember.json().Code).toBe('forbidden');
    for (const attempt of [
      post('/v1/branches/update', { id, name: 'Stolen', com: companyId }, outsider.session.cookie),
      post('/v1/branches/remove', {}, outsider.session.cookie, `?com=${companyId}&id=${id}`),
      post(
        '/v1/branches/add',
        { branchid: unique('br'), name: 'X', com: companyId },
        outsider.session.cookie,
      ),
      list(companyId, outsider.session.cookie),
    ]) {
      const res = await attempt;
      expect(res.statusCode).toBe(403);
      expect(res.json().Code).toBe('forbidden');
    }
    const rows = await branchesOf(companyId);
    expect(rows.find((b) => b.id === id)?.name).toBe('Keep');
    expect(rows.filter((b) => b.name === 'X')).toEqual([]);
  });

  it("lets a platform administrator manage any existing company's branches", async () => {
    const id = unique('br');
    const res = await post(
      '/v1/branches/add',
      { branchid: id, name: 'By platform', com: otherCompanyId },
      platform.session.cookie,
    );
    expect(res.json().Code).toBe('200');
    const listed = await list(otherCompanyId, platform.session.cookie);
    expect(listed.json().Msg.branches).toContainEqual({ id, name: 'By platform' });
    const unknown = await post(
      '/v1/branches/add',
      { branchid: id, name: 'X', com: 'no-such-company' },
      platform.session.cookie,
    );
    expect(unknown.json().Code).toBe('forbidden');
  });

  it.each([
    ['a missing name', '/v1/branches/add', { branchid: 'a', com: 'c' }],
    ['a bad id', '/v1/branches/add', { branchid: 'a b', name: 'n', com: 'c' }],
    ['an over-long name', '/v1/branches/update', { id: 'a', name: 'n'.repeat(101), com: 'c' }],
    ['an extra field', '/v1/branches/update', { id: 'a', name: 'n', com: 'c', x: 1 }],
    ['a wrong type', '/v1/branches/add', { branchid: 1, name: 'n', com: 'c' }],
  ])('answers incomplete_param for %s', async (_, url, payload) => {
    expect((await post(url, payload)).json().Code).toBe('incomplete_param');
  });

  it('answers incomplete_param for a list or removal without its query', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/branches',
      headers: { cookie: member.session.cookie },
    });
    expect(res.json().Code).toBe('incomplete_param');
    const remove = await post('/v1/branches/remove', {}, admin.session.cookie, `?com=${companyId}`);
    expect(remove.json().Code).toBe('incomplete_param');
  });
});
