import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_APP_ID, OWNER_ROLE_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { createCompany, createUser, grantAccess, openTestSession } from '../../test/factories.js';
import { deleteOwnAccount, startErasureApp } from './erasure.fixtures.js';

/**
 * A company's two owners deleting their accounts at the same moment: each saw the other still
 * an owner, so both went and the company was left with none (found by hostile testing). The
 * owner check now runs under the company row's lock, which every change of owner takes.
 */
describe('two owners deleting their accounts at once', () => {
  let t: TestApp;
  let deletable: string;

  beforeAll(async () => {
    ({ t, deletable } = await startErasureApp());
  });
  afterAll(() => t.close());

  async function owner(companyId: string) {
    const user = await createUser(t);
    await grantAccess(t, { companyId, user, roles: ['owner'] });
    const session = await openTestSession(t, user, { clientId: deletable, companyId });
    return { user, cookie: session.cookie };
  }

  it('lets one go and keeps the other as the owner', async () => {
    for (let round = 0; round < 5; round += 1) {
      const company = await createCompany(t);
      const owners = [await owner(company.id), await owner(company.id)];
      const answers = await Promise.all(
        owners.map(({ user, cookie }) => deleteOwnAccount(t, cookie, user.password)),
      );
      const codes = answers.map((res) => res.json().Code).sort();
      expect(codes).toEqual(['200', 'owner_must_transfer']);
      const left = await t.db.prisma.access.count({
        where: {
          companyId: company.id,
          appId: GLOBAL_APP_ID,
          status: 'verified',
          roles: { some: { roleId: OWNER_ROLE_ID } },
        },
      });
      expect(left).toBe(1);
    }
  });

  it('answers a second delete of the same account, sent at once, without a server error', async () => {
    for (let round = 0; round < 5; round += 1) {
      const company = await createCompany(t);
      const user = await createUser(t);
      await grantAccess(t, { companyId: company.id, user, roles: [] });
      const { cookie } = await openTestSession(t, user, {
        clientId: deletable,
        companyId: company.id,
      });
      const answers = await Promise.all(
        [0, 1].map(() => deleteOwnAccount(t, cookie, user.password)),
      );
      for (const res of answers) expect(res.statusCode).toBeLessThan(500);
      expect(answers.map((res) => res.json().Code)).toContain('200');
      expect(await t.db.prisma.user.count({ where: { id: user.id } })).toBe(0);
    }
  });
});
