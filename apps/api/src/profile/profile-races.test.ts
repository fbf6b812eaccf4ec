import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow } from '../../test/row-lock.js';
import { bootstrapPlatform, createCompany, signedInMember } from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * profile.update racing the person's removal from the session's company: the names they keep
 * there must not outlive the membership (they would come back if they were invited again), as
 * users/preference-races.test.ts asks of an administrator's rename. Ordered by the company's
 * row, held here: the names' insert checks its foreign key on it.
 */
describe('profile.update races', () => {
  let t: TestApp;
  let companyId: string;
  let admin: Member;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    admin = await signedInMember(t, companyId, ['admin']);
  });
  afterAll(() => t.close());

  const names = (userId: string) =>
    t.db.prisma.userPreference.count({ where: { userId, companyId } });

  it("an edit racing the person's removal leaves no names behind", async () => {
    const member = await signedInMember(t, companyId, []);
    const held = await holdRow(t, 'companies', companyId);
    const edited = t.app.inject({
      method: 'POST',
      url: '/v1/user/update',
      headers: { cookie: member.session.cookie },
      payload: { dis: 'Ada', fname: 'Ada', lname: 'Lovelace' },
    });
    await held.waitingOnLocks(1);
    const removed = t.app.inject({
      method: 'POST',
      url: '/v1/user/company/remove',
      headers: { cookie: admin.session.cookie },
      payload: { email: member.email },
    });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await edited).json()).toMatchObject({ Code: '200' });
    expect((await removed).json()).toMatchObject({ Code: '200' });
    expect(await t.db.prisma.access.count({ where: { companyId, email: member.email } })).toBe(0);
    expect(await names(member.id)).toBe(0);
  });

  it('an edit queued behind the removal answers session_invalid and writes nothing', async () => {
    const member = await signedInMember(t, companyId, []);
    // The removal has taken the member out and waits to record it (its audit event's foreign
    // key on the administrator's row, held here); the edit's session guard still reads the
    // session live, and the edit queues behind the removal.
    const held = await holdRow(t, 'users', admin.id);
    const removed = t.app.inject({
      method: 'POST',
      url: '/v1/user/company/remove',
      headers: { cookie: admin.session.cookie },
      payload: { email: member.email },
    });
    await held.waitingOnLocks(1);
    const edited = t.app.inject({
      method: 'POST',
      url: '/v1/user/update',
      headers: { cookie: member.session.cookie },
      payload: { dis: 'Changed', fname: 'Ada', lname: 'Lovelace' },
    });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await removed).json()).toMatchObject({ Code: '200' });
    const answer = await edited;
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ Code: 'session_invalid' });
    expect(await names(member.id)).toBe(0);
    const after = await t.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(after.displayName).toBe(member.displayName);
    expect(
      await t.db.prisma.auditEvent.count({
        where: { action: 'profile.update', target: member.id },
      }),
    ).toBe(0);
  });
});
