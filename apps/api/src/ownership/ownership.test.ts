import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';

/**
 * One owner per company (issue 12, item 11): the owner transfers the company to a member and
 * becomes admin; the platform's "Change" owner demotes the old owner when the new one takes
 * over (at once for a member, on acceptance for an invitee). Each in one transaction, audited.
 */
describe('company ownership', () => {
  let t: TestApp;
  let peer: MailPeer;
  let platformAdmin: string;
  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    const admin = await bootstrapPlatform(t);
    platformAdmin = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const transfer = (cookie: string, email: string) =>
    post(cookie, '/v1/users/owner/transfer', { email });
  const companyRoles = async (companyId: string, email: string) => {
    const access = await t.db.prisma.access.findUnique({
      where: { companyId_appId_email: { companyId, appId: 'global', email } },
      include: { roles: true },
    });
    return access?.roles.map((role) => role.roleId).sort() ?? [];
  };
  const ownersOf = (companyId: string) =>
    t.db.prisma.access.findMany({
      where: {
        companyId,
        appId: 'global',
        status: 'verified',
        roles: { some: { roleId: 'owner' } },
      },
      select: { email: true },
    });

  describe('users.transferOwnership', () => {
    it('makes a member with application roles only the owner, and the old owner admin', async () => {
      const company = await createCompany(t);
      const owner = await signedInMember(t, company.id, ['owner']);
      const app = await createApp(t);
      const member = await createUser(t);
      await grantAccess(t, { companyId: company.id, appId: app.id, user: member, roles: [] });

      const res = await transfer(owner.session.cookie, member.email);
      expect(res.json()).toEqual({ Code: '200', Msg: 'Ownership transferred' });
      expect(await companyRoles(company.id, member.email)).toEqual(['owner']);
      expect(await companyRoles(company.id, owner.email)).toEqual(['admin']);
      expect(await ownersOf(company.id)).toEqual([{ email: member.email }]);

      const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'company.owner_transfer', companyId: company.id },
      });
      expect(audit).toMatchObject({
        actorId: owner.id,
        details: { from: [owner.email], to: member.email },
      });
      // The old owner, now admin, can no longer transfer.
      expect((await transfer(owner.session.cookie, member.email)).json()).toMatchObject({
        Code: 'forbidden',
      });
    });

    it('keeps an admin target its admin role next to the owner role', async () => {
      const company = await createCompany(t);
      const owner = await signedInMember(t, company.id, ['owner']);
      const admin = await signedInMember(t, company.id, ['admin']);
      expect((await transfer(owner.session.cookie, admin.email)).json()).toMatchObject({
        Code: '200',
      });
      expect(await companyRoles(company.id, admin.email)).toEqual(['admin', 'owner']);
      expect(await companyRoles(company.id, owner.email)).toEqual(['admin']);
    });

    it('is for the owner only, not to oneself, and only to a verified member; refusals change nothing', async () => {
      const company = await createCompany(t);
      const owner = await signedInMember(t, company.id, ['owner']);
      const admin = await signedInMember(t, company.id, ['admin']);
      const plain = await signedInMember(t, company.id, []);
      const invitee = `${unique('inv')}@example.test`;
      await grantAccess(t, { companyId: company.id, email: invitee, roles: [], status: 'pending' });
      const outsider = await createUser(t);
      const other = await createCompany(t);
      const stranger = await signedInMember(t, other.id, []);

      const cases: [string, string, string][] = [
        [admin.session.cookie, plain.email, 'forbidden'],
        [plain.session.cookie, plain.email, 'forbidden'],
        [owner.session.cookie, owner.email, 'forbidden'],
        [owner.session.cookie, invitee, 'user_not_found'],
        [owner.session.cookie, outsider.email, 'user_not_found'],
        [owner.session.cookie, stranger.email, 'user_not_found'],
      ];
      for (const [cookie, email, code] of cases) {
        expect((await transfer(cookie, email)).json(), email).toMatchObject({ Code: code });
      }
      expect(await ownersOf(company.id)).toEqual([{ email: owner.email }]);
      expect(await companyRoles(company.id, admin.email)).toEqual(['admin']);
      expect(await ownersOf(other.id)).toEqual([]);
      expect((await transfer(owner.session.cookie, 'not-an-email')).json()).toMatchObject({
        Code: 'incomplete_param',
      });
    });

    it('two transfers at once leave exactly one owner', async () => {
      const company = await createCompany(t);
      const owner = await signedInMember(t, company.id, ['owner']);
      const a = await signedInMember(t, company.id, []);
      const b = await signedInMember(t, company.id, []);
      const answers = await Promise.all([
        transfer(owner.session.cookie, a.email),
        transfer(owner.session.cookie, b.email),
      ]);
      // The second finds its caller no longer the owner.
      expect(answers.map((res) => res.json().Code).sort()).toEqual(['200', 'forbidden']);
      expect(await ownersOf(company.id)).toHaveLength(1);
      expect(await companyRoles(company.id, owner.email)).toEqual(['admin']);
    });
  });

  describe('the platform\'s "Change" owner', () => {
    it('demotes the old owner at once when the new owner is already a member', async () => {
      const company = await createCompany(t);
      const owner = await signedInMember(t, company.id, ['owner']);
      const member = await signedInMember(t, company.id, []);
      const res = await post(platformAdmin, '/v1/coms/invite', {
        com: company.id,
        email: b64(member.email),
      });
      expect(res.statusCode).toBe(200);
      expect(await ownersOf(company.id)).toEqual([{ email: member.email }]);
      expect(await companyRoles(company.id, owner.email)).toEqual(['admin']);
      expect(
        await t.db.prisma.auditEvent.count({
          where: { action: 'company.owner_change', companyId: company.id },
        }),
      ).toBe(1);
    });

    it('demotes the old owner when the invitee accepts, not before', async () => {
      const company = await createCompany(t);
      const owner = await signedInMember(t, company.id, ['owner']);
      const next = await createUser(t);
      const res = await post(platformAdmin, '/v1/coms/invite', {
        com: company.id,
        email: b64(next.email),
      });
      expect(res.statusCode).toBe(200);
      expect(await ownersOf(company.id)).toEqual([{ email: owner.email }]);

      const mail = await peer.nextMailTo(next.email);
      const link = new URL(/https?:\/\/\S+\/invite\?\S+/.exec(mail.text)?.[0] ?? '');
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/v1/invite/accept',
        payload: { access_code: link.searchParams.get('code'), email: next.email },
      });
      expect(accepted.json()).toMatchObject({ Code: '200', Msg: { registered: true } });
      expect(await ownersOf(company.id)).toEqual([{ email: next.email }]);
      expect(await companyRoles(company.id, owner.email)).toEqual(['admin']);
      const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'company.owner_change', companyId: company.id },
      });
      expect(audit.details).toEqual({ from: [owner.email], to: next.email });
    });
  });
});
