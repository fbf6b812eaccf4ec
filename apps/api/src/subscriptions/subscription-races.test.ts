import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';

/**
 * A company joining an application's beta while a platform administrator removes the
 * application (found by hostile testing): the join read the application before its
 * transaction, so a removal in between made its insert fail on the foreign key (a 500). The
 * race is ordered by the company's row, which the join's insert waits on (its foreign key) and
 * the removal does not.
 */
describe('joining a beta while the application changes', () => {
  let t: TestApp;
  let companyId: string;
  let companyAdmin: string;
  let platformAdmin: string;

  beforeAll(async () => {
    t = await startTestApp();
    const admin = await bootstrapPlatform(t);
    platformAdmin = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
    companyId = (await createCompany(t)).id;
    const user = await createUser(t);
    await grantAccess(t, { companyId, user, roles: ['admin'] });
    companyAdmin = (await openTestSession(t, user, { companyId })).cookie;
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const join = (appId: string) =>
    post(companyAdmin, '/v1/subs/update', { app: appId, status: 'beta' });

  it('a removal of the application while the join waits answers no server error', async () => {
    const beta = await createApp(t, { status: 2 });
    const held = await holdRow(t, 'companies', companyId);
    const joining = join(beta.id);
    await held.waitingOnLocks(1);
    const removing = post(platformAdmin, `/v1/apps/remove?id=${beta.id}`);
    // The removal either runs now (the join read nothing yet) or queues behind the join.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await held.release();
    const [joined, removed] = await Promise.all([joining, removing]);
    expect(removed.json().Code).toBe('200');
    expect(['200', 'not_found']).toContain(joined.json().Code);
    expect(await t.db.prisma.companySubscription.count({ where: { appId: beta.id } })).toBe(0);
  });
});
