import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';

/**
 * Found by hostile testing (2026-11-28): the platform removing a role can leave a person with no
 * access at all in a company ("an access ... left with no role for that application goes as
 * well", docs/administration.md). docs/users-admin.md: "When nothing is left, the person's
 * sessions in the company end, as with removal" (removal: `access_removed`, the cookie then
 * answers session_invalid). The same end state reached through roles.remove must end them too.
 */
describe('roles.remove ends the sessions of people it leaves with nothing in a company', () => {
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

  it("a member whose only role went is signed out of that company (portal and the app's client), not elsewhere", async () => {
    const app = await createApp(t, { roles: ['only', 'other'] });
    const appClient = await createClient(t, { appId: app.id });
    const company = await createCompany(t);
    const elsewhere = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['only'] });
    await grantAccess(t, { companyId: elsewhere.id, appId: app.id, user, roles: ['other'] });
    const portal = await openTestSession(t, user, { companyId: company.id });
    const onClient = await openTestSession(t, user, {
      companyId: company.id,
      clientId: appClient.id,
    });
    const kept = await openTestSession(t, user, { companyId: elsewhere.id });
    // Live before the action.
    expect((await get(portal.cookie, '/v1/com/details')).json()).toMatchObject({ Code: '200' });
    expect((await get(onClient.cookie, '/v1/auth/details')).json()).toMatchObject({ Code: '200' });

    const removed = await t.app.inject({
      method: 'POST',
      url: `/v1/roles/remove?id=only&app=${app.id}`,
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
    expect((await get(onClient.cookie, '/v1/auth/details')).json()).toMatchObject({
      Code: 'session_invalid',
    });
    // The session in the other company, where access remains, stays.
    expect((await get(kept.cookie, '/v1/com/details')).json()).toMatchObject({ Code: '200' });
  });
});
