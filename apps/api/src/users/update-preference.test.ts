import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createCompany, signedInMember } from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** users.updatePreference: a member's names in the current company, section 6, isolation. */
describe('users.updatePreference', () => {
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

  const prefOf = (userId: string, company = companyId) =>
    t.db.prisma.userPreference.findUnique({
      where: { userId_companyId: { userId, companyId: company } },
      select: { fname: true, lname: true },
    });

  it("sets a member's names in this company (upsert) with an audit event", async () => {
    const member = await signedInMember(t, companyId, []);
    const payload = { userid: member.id, fname: 'Ada', lname: 'Lovelace' };
    expect((await post('/v1/invite/pref', payload)).json()).toMatchObject({ Code: '200' });
    expect(await prefOf(member.id)).toEqual({ fname: 'Ada', lname: 'Lovelace' });
    await post('/v1/invite/pref', { ...payload, lname: 'King' });
    expect(await prefOf(member.id)).toEqual({ fname: 'Ada', lname: 'King' });
    expect(
      await t.db.prisma.auditEvent.count({
        where: { action: 'user.preference.update', target: member.id },
      }),
    ).toBe(2);
  });

  it('lets only an owner rename an admin (or the admin themselves)', async () => {
    const other = await signedInMember(t, companyId, ['admin']);
    const payload = { userid: other.id, fname: 'New', lname: 'Name' };
    expect((await post('/v1/invite/pref', payload)).json().Code).toBe('forbidden');
    expect(await prefOf(other.id)).toBeNull();
    expect((await post('/v1/invite/pref', payload, other.session.cookie)).statusCode).toBe(200);
    expect((await post('/v1/invite/pref', payload, owner.session.cookie)).json().Code).toBe('200');
  });

  it("answers user_not_found for another company's user and writes nothing", async () => {
    const res = await post(
      '/v1/invite/pref',
      { userid: admin.id, fname: 'X', lname: 'Y' },
      outsider.session.cookie,
    );
    expect(res.json().Code).toBe('user_not_found');
    expect(await prefOf(admin.id, otherCompanyId)).toBeNull();
  });

  it.each([
    ['a missing userid', { fname: 'a', lname: 'b' }],
    ['an over-long name', { userid: 'x', fname: 'a'.repeat(101), lname: 'b' }],
    ['a wrong type', { userid: 5, fname: 'a', lname: 'b' }],
    ['an extra field', { userid: 'x', fname: 'a', lname: 'b', com: 'x' }],
  ])('answers incomplete_param for %s', async (_, payload) => {
    expect((await post('/v1/invite/pref', payload)).json().Code).toBe('incomplete_param');
  });
});
