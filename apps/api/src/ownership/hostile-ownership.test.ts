import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import { ownerEmailsOf, pendingOwnerInvitation } from './ownership.fixtures.js';
import {
  b64,
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';

/**
 * Hostile cases of users.transferOwnership: a company must not be handed to an account that
 * cannot sign in, nor to anyone outside it, and a refusal changes nothing.
 */
describe('ownership transfer, hostile cases', () => {
  let t: TestApp;
  let platformAdminId: string;
  let platformAdmin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const admin = await bootstrapPlatform(t);
    platformAdminId = admin.id;
    platformAdmin = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const transfer = (cookie: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/users/owner/transfer',
      headers: { cookie },
      payload: { email },
    });
  const ownersOf = (companyId: string) => ownerEmailsOf(t, companyId);

  it.each(['blocked', 'awaiting_reset'] as const)(
    'refuses handing the company to a %s account, changing nothing',
    async (status) => {
      const company = await createCompany(t);
      const owner = await signedInMember(t, company.id, ['owner']);
      const target = await createUser(t, { status });
      await grantAccess(t, { companyId: company.id, user: target, roles: [] });

      const res = await transfer(owner.session.cookie, target.email);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ Code: 'forbidden' });
      expect(await ownersOf(company.id)).toEqual([owner.email]);
      expect(
        await t.db.prisma.auditEvent.count({
          where: { action: 'company.owner_transfer', companyId: company.id },
        }),
      ).toBe(0);
    },
  );

  it('matches the member whatever the case and spaces of the e-mail, in the caller company only', async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const member = await signedInMember(t, company.id, []);
    const other = await createCompany(t);
    const otherOwner = await signedInMember(t, other.id, ['owner']);
    // The owner of B, signed in to B, cannot take A's member (nor A itself).
    expect((await transfer(otherOwner.session.cookie, member.email)).json()).toMatchObject({
      Code: 'user_not_found',
    });
    // The owner of A with a session in no company cannot act.
    const nowhere = await openTestSession(t, owner, { companyId: null });
    expect((await transfer(nowhere.cookie, member.email)).json()).toMatchObject({
      Code: 'forbidden',
    });
    expect(await ownersOf(company.id)).toEqual([owner.email]);
    const res = await transfer(owner.session.cookie, `  ${member.email.toUpperCase()} `);
    expect(res.json()).toEqual({ Code: '200', Msg: 'Ownership transferred' });
    expect(await ownersOf(company.id)).toEqual([member.email]);
    expect(await ownersOf(other.id)).toEqual([otherOwner.email]);
  });

  const ownerInvitation = (companyId: string, email: string, invitedById: string) =>
    pendingOwnerInvitation(t, companyId, email, invitedById);
  const accept = (code: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/invite/accept',
      payload: { access_code: code, email },
    });

  it("does not let the old owner's pending owner invitation take the company back after a transfer", async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const member = await signedInMember(t, company.id, []);
    // Before handing over, the owner invites an accomplice (or a second address of theirs).
    const accomplice = await createUser(t);
    const code = await ownerInvitation(company.id, accomplice.email, owner.id);

    expect((await transfer(owner.session.cookie, member.email)).json()).toMatchObject({
      Code: '200',
    });
    expect(await ownersOf(company.id)).toEqual([member.email]);
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'company.owner_transfer', companyId: company.id },
    });
    expect(audit.details).toMatchObject({ withdrawn: [expect.any(String)] });
    // Its invitation went with the ownership: the link finds nothing.
    const late = await accept(code, accomplice.email);
    expect(late.json()).toMatchObject({ Code: 'not_found' });
    // The company stays with the member it was handed to.
    expect(await ownersOf(company.id)).toEqual([member.email]);
  });

  it("keeps the platform's pending owner invitation through a transfer", async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const member = await signedInMember(t, company.id, []);
    const next = await createUser(t);
    const code = await ownerInvitation(company.id, next.email, platformAdminId);
    expect((await transfer(owner.session.cookie, member.email)).json()).toMatchObject({
      Code: '200',
    });
    expect((await accept(code, next.email)).json()).toMatchObject({ Code: '200' });
    expect(await ownersOf(company.id)).toEqual([next.email]);
  });

  it("does not let the old owner's pending owner invitation undo the platform's change of owner", async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const member = await signedInMember(t, company.id, []);
    const accomplice = await createUser(t);
    const code = await ownerInvitation(company.id, accomplice.email, owner.id);
    // The platform makes the member the owner at once (a verified member: nothing to accept).
    const changed = await t.app.inject({
      method: 'POST',
      url: '/v1/coms/invite',
      headers: { cookie: platformAdmin },
      payload: { com: company.id, email: b64(member.email) },
    });
    expect(changed.json()).toMatchObject({ Code: '200' });
    expect(await ownersOf(company.id)).toEqual([member.email]);
    await accept(code, accomplice.email);
    expect(await ownersOf(company.id)).toEqual([member.email]);
  });
});
