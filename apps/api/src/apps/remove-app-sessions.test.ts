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
  signedInMember,
} from '../../test/factories.js';

/**
 * Found by hostile testing (2026-11-28): removing an application cascades its access
 * (docs/administration.md), which can leave a person with nothing in a company.
 * docs/users-admin.md: "When nothing is left, the person's sessions in the company end, as
 * with removal" (the cookie then answers session_invalid). The portal session in that company
 * is not a session of the removed app's clients, so the cascade does not end it.
 */
describe('apps.remove ends the sessions of people it leaves with nothing in a company', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('a member whose only application went is signed out of the portal in that company', async () => {
    const app = await createApp(t, { roles: ['viewer'] });
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
    const portal = await openTestSession(t, user, { companyId: company.id });
    expect((await get(portal.cookie, '/v1/com/details')).json()).toMatchObject({ Code: '200' });

    const removed = await t.app.inject({
      method: 'POST',
      url: `/v1/apps/remove?id=${app.id}`,
      headers: { cookie: admin },
      payload: {},
    });
    expect(removed.json()).toMatchObject({ Code: '200' });
    expect(
      await t.db.prisma.access.count({ where: { userId: user.id, companyId: company.id } }),
    ).toBe(0);

    expect((await get(portal.cookie, '/v1/com/details')).json()).toMatchObject({
      Code: 'session_invalid',
    });
    expect((await get(portal.cookie, '/v1/auth/details')).json()).toMatchObject({
      Code: 'session_invalid',
    });
  });

  it('a grant of the application committed while it is removed has its sessions ended too', async () => {
    const app = await createApp(t, { roles: ['viewer'] });
    const other = await createApp(t, { roles: ['viewer'] });
    const company = await createCompany(t);
    const companyAdmin = await signedInMember(t, company.id, ['admin']);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: other.id, user, roles: ['viewer'] });
    const portal = await openTestSession(t, user, { companyId: company.id });

    // The test holds the application: the grant (its application FOR KEY SHARE) queues on it
    // first, then the removal. The grant moves the user from the other application to this one.
    const held = await holdRow(t, 'applications', app.id);
    const granted = t.app.inject({
      method: 'POST',
      url: '/v1/users/role/update',
      headers: { cookie: companyAdmin.session.cookie },
      payload: {
        email: user.email,
        data: [
          { app: app.id, roles: ['viewer'] },
          { app: other.id, roles: [] },
        ],
      },
    });
    await held.waitingOnLocks(1);
    const removed = t.app.inject({
      method: 'POST',
      url: `/v1/apps/remove?id=${app.id}`,
      headers: { cookie: admin },
      payload: {},
    });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await granted).json()).toMatchObject({ Code: '200' });
    expect((await removed).json()).toMatchObject({ Code: '200' });
    expect(
      await t.db.prisma.access.count({ where: { userId: user.id, companyId: company.id } }),
    ).toBe(0);
    expect((await get(portal.cookie, '/v1/com/details')).json()).toMatchObject({
      Code: 'session_invalid',
    });
  });
});
