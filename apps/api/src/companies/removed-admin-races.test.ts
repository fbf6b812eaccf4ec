import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { platformAdminRemovedWhileWaiting } from '../../test/removed-admin.js';
import {
  b64,
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';

/**
 * Found by hostile testing (2026-11-28): a platform administrator removed from core1 while
 * their company call waits on the company's row got it through once the removal committed:
 * a removed administrator could still make someone a company's owner, or remove a company.
 * company/acting-admin.ts reads the caller's roles again, last, under the person's lock.
 */
describe('companies: an administrator removed while the call waits', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformOwner = await bootstrapPlatform(t);
    owner = (await openTestSession(t, platformOwner, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  const removedWhileWaiting = (
    companyId: string,
    call: (cookie: string) => Promise<Awaited<ReturnType<typeof t.app.inject>>>,
  ) => platformAdminRemovedWhileWaiting(t, owner, { table: 'companies', id: companyId }, call);

  it('an owner invitation of a verified member: nobody is made owner', async () => {
    const company = await createCompany(t);
    const member = await createUser(t);
    await grantAccess(t, { companyId: company.id, user: member, roles: ['admin'] });
    const res = await removedWhileWaiting(company.id, (cookie) =>
      post(cookie, '/v1/coms/invite', { com: company.id, email: b64(member.email) }),
    );
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    const owners = await t.db.prisma.accessRole.count({
      where: { roleId: 'owner', access: { companyId: company.id } },
    });
    expect(owners).toBe(0);
  });

  it('a company removal: the company stays', async () => {
    const company = await createCompany(t);
    const res = await removedWhileWaiting(company.id, (cookie) =>
      post(cookie, `/v1/coms/remove?id=${company.id}`),
    );
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    expect(await t.db.prisma.company.findUnique({ where: { id: company.id } })).not.toBeNull();
  });
});
