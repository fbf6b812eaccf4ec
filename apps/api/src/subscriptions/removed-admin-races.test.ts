import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  signedInMember,
} from '../../test/factories.js';

/**
 * Found by hostile testing (2026-11-28), as for company.* (company/removed-admin-races.test.ts):
 * a company administrator removed by the owner while their join or leave of a beta waits on the
 * application's row must not change the company's beta access once the removal has committed.
 */
describe('subscriptions: an administrator removed while the call waits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  /** The admin's change of beta access waits on the application while the owner removes them. */
  async function removedWhileWaiting(status: 'beta' | 'dis', companyId: string, appId: string) {
    const owner = await signedInMember(t, companyId, ['owner']);
    const admin = await signedInMember(t, companyId, ['admin']);
    const held = await holdRow(t, 'applications', appId);
    const pending = post(admin.session.cookie, '/v1/subs/update', { app: appId, status });
    await held.waitingOnLocks(1);
    const removal = await post(owner.session.cookie, '/v1/user/company/remove', {
      email: admin.email,
    });
    expect(removal.json()).toMatchObject({ Code: '200' });
    await held.release();
    return pending;
  }

  const betaRows = (companyId: string, appId: string) =>
    t.db.prisma.companySubscription.count({ where: { companyId, appId, status: 'beta' } });

  it('a join: the company does not join the beta', async () => {
    const companyId = (await createCompany(t)).id;
    const beta = await createApp(t, { status: 2 });
    const res = await removedWhileWaiting('beta', companyId, beta.id);
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    expect(await betaRows(companyId, beta.id)).toBe(0);
  });

  it('a leave: the company stays in the beta', async () => {
    const companyId = (await createCompany(t)).id;
    const beta = await createApp(t, { status: 2 });
    await t.db.prisma.companySubscription.create({
      data: { companyId, appId: beta.id, status: 'beta' },
    });
    const res = await removedWhileWaiting('dis', companyId, beta.id);
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    expect(await betaRows(companyId, beta.id)).toBe(1);
  });
});
