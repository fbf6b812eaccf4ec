import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow } from '../../test/row-lock.js';
import { bootstrapPlatform, createCompany, signedInMember } from '../../test/factories.js';
import { tinyPng, uploadForm } from '../files/test-images.js';

/**
 * Found by hostile testing (2026-11-28), as for clients.* and companies.*: a company's
 * administrator removed (or demoted) by its owner while their company call waits on the
 * company's row must not get the call through once that has committed. These calls are for the
 * company's owner and admins alike (docs/mfa.md for the second-factor policy), which is what
 * company/acting-admin.ts reads again, last in the transaction.
 */
describe('company: an administrator removed while the call waits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  type Answer = Awaited<ReturnType<typeof t.app.inject>>;
  const post = (cookie: string, url: string, payload: Record<string, unknown> | FormData = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  /**
   * A company with an owner and an admin. The owner's removal of the admin takes the company's
   * row (users/access-lock.ts ownerUnderLock), so it is queued on it first; the admin's call,
   * past the guard, queues behind it and goes on once the removal has committed.
   */
  async function removedWhileWaiting(call: (cookie: string) => Promise<Answer>) {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const admin = await signedInMember(t, company.id, ['admin']);
    const held = await holdRow(t, 'companies', company.id);
    const removal = post(owner.session.cookie, '/v1/user/company/remove', { email: admin.email });
    await held.waitingOnLocks(1);
    const pending = call(admin.session.cookie);
    await held.waitingOnLocks(2);
    await held.release();
    expect((await removal).json()).toMatchObject({ Code: '200' });
    return { company, res: await pending };
  }

  it('a rename: the company keeps its name', async () => {
    const { company, res } = await removedWhileWaiting((cookie) =>
      post(cookie, '/v1/com/update', { name: 'Taken over' }),
    );
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    const row = await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(row.name).not.toBe('Taken over');
  });

  it('a second-factor policy: not turned on', async () => {
    const { company, res } = await removedWhileWaiting((cookie) =>
      post(cookie, '/v1/com/mfa', { required: true }),
    );
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    const row = await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(row.secondFactorRequired).toBe(false);
  });

  it('an image upload: the company keeps no image', async () => {
    const { company, res } = await removedWhileWaiting((cookie) =>
      post(cookie, '/v1/com/img', uploadForm(tinyPng())),
    );
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    const row = await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(row.imageId).toBeNull();
  });
});
