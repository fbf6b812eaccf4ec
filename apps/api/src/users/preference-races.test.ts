import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow } from '../../test/row-lock.js';
import { bootstrapPlatform, createCompany, signedInMember } from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * users.updatePreference racing the member's removal: the names must not outlive it (they
 * would come back if the person were invited again). Ordered by the company's row, held here:
 * the rename's insert checks its foreign key on it.
 */
describe('users.updatePreference races', () => {
  let t: TestApp;
  let companyId: string;
  let admin: Member;
  let otherAdmin: Member;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    admin = await signedInMember(t, companyId, ['admin']);
    otherAdmin = await signedInMember(t, companyId, ['admin']);
  });
  afterAll(() => t.close());

  it("a rename racing the member's removal does not leave names behind", async () => {
    const member = await signedInMember(t, companyId, []);
    const held = await holdRow(t, 'companies', companyId);
    const renamed = t.app.inject({
      method: 'POST',
      url: '/v1/invite/pref',
      headers: { cookie: admin.session.cookie },
      payload: { userid: member.id, fname: 'Ada', lname: 'Lovelace' },
    });
    await held.waitingOnLocks(1);
    const removed = t.app.inject({
      method: 'POST',
      url: '/v1/user/company/remove',
      headers: { cookie: otherAdmin.session.cookie },
      payload: { email: member.email },
    });
    // The removal waits for the rename (its lock) or, unlocked, for its audit event's
    // foreign key on the held company: either way two statements wait.
    await held.waitingOnLocks(2);
    await held.release();
    expect((await renamed).json()).toMatchObject({ Code: '200' });
    expect((await removed).json()).toMatchObject({ Code: '200' });
    expect(await t.db.prisma.access.count({ where: { companyId, email: member.email } })).toBe(0);
    expect(
      await t.db.prisma.userPreference.count({ where: { userId: member.id, companyId } }),
    ).toBe(0);
  });
});
