import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow, locksWaiting } from '../../test/row-lock.js';
import {
  b64,
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';
import { ownerEmailsOf } from './ownership.fixtures.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * A company is never handed to an account that cannot sign in (blocked, or awaiting a reset),
 * whichever path makes the owner: the owner's transfer or the platform's "Change" owner of a
 * verified member; nor to one whose reset is under way while the change is decided.
 */
describe('the account a company is handed to', () => {
  let t: TestApp;
  let platformAdmin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const admin = await bootstrapPlatform(t);
    platformAdmin = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const transfer = (owner: Member, email: string) =>
    post(owner.session.cookie, '/v1/users/owner/transfer', { email });
  const platformChange = (companyId: string, email: string) =>
    post(platformAdmin, '/v1/coms/invite', { com: companyId, email: b64(email) });
  const ownerChanges = (companyId: string) =>
    t.db.prisma.auditEvent.count({
      where: {
        companyId,
        action: { in: ['company.owner_change', 'company.owner_transfer'] },
      },
    });

  it.each(['blocked', 'awaiting_reset'] as const)(
    'the platform\'s "Change" owner refuses a verified member whose account is %s, changing nothing',
    async (status) => {
      const company = await createCompany(t);
      const owner = await signedInMember(t, company.id, ['owner']);
      const member = await createUser(t, { status });
      await grantAccess(t, { companyId: company.id, user: member, roles: [] });
      const res = await platformChange(company.id, member.email);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ Code: 'forbidden' });
      expect(await ownerEmailsOf(t, company.id)).toEqual([owner.email]);
      expect(await ownerChanges(company.id)).toBe(0);
    },
  );

  /**
   * An administrator of another company B resets the member's password (B refuses resetting
   * the owner of a company, users/reset-password.ts), and is held after writing the status,
   * before committing (the member's session row, which the reset ends, is held here). The
   * promotion in A, started then, must wait and read the reset, not the status before it.
   */
  it.each(['transfer', 'platform change'] as const)(
    "a %s racing a reset of the member's password by another company does not make them owner",
    async (path) => {
      const company = await createCompany(t);
      const owner = await signedInMember(t, company.id, ['owner']);
      const member = await signedInMember(t, company.id, []);
      const other = await createCompany(t);
      const otherAdmin = await signedInMember(t, other.id, ['admin']);
      await grantAccess(t, { companyId: other.id, user: member, roles: [] });

      const held = await holdRow(t, 'sessions', member.session.id);
      const reset = post(otherAdmin.session.cookie, '/v1/users/reset', {
        username: member.username,
      });
      await held.waitingOnLocks(1);
      let settled = false;
      const promotion: Promise<LightMyRequestResponse> = (
        path === 'transfer'
          ? transfer(owner, member.email)
          : platformChange(company.id, member.email)
      ).finally(() => (settled = true));
      // Either it waits for the reset (two waiting), or it went ahead without it.
      await expect.poll(async () => settled || (await locksWaiting(t)) === 2).toBe(true);
      await held.release();
      const [resetAnswer, promoted] = await Promise.all([reset, promotion]);

      expect(resetAnswer.json()).toMatchObject({ Code: '200' });
      expect(promoted.json()).toMatchObject({ Code: 'forbidden' });
      expect(await ownerEmailsOf(t, company.id)).toEqual([owner.email]);
      expect(await ownerChanges(company.id)).toBe(0);
    },
  );
});
