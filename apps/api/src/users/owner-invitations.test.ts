import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_APP_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createCompany,
  createUser,
  signedInMember,
} from '../../test/factories.js';
import { ownerEmailsOf, pendingOwnerInvitation } from '../ownership/ownership.fixtures.js';

/**
 * Accepting an owner invitation hands the company over (invites/accept-claim.ts). An owner
 * invitation sent by an owner who was later removed or demoted must not, accepted afterwards,
 * take the company from the owner who stayed. Before, with two owners, one removing the other
 * left the other's owner invitation live: its invitee became owner and demoted the one who
 * stayed.
 */
describe("an owner's owner invitations, once they stop owning the company", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const ownersOf = (companyId: string) => ownerEmailsOf(t, companyId);

  /** Two owners of a fresh company, and a pending owner invitation the first sent. */
  async function coOwnersAndInvitation() {
    const company = await createCompany(t);
    const leaving = await signedInMember(t, company.id, ['owner']);
    const staying = await signedInMember(t, company.id, ['owner']);
    const invitee = await createUser(t);
    const code = await pendingOwnerInvitation(t, company.id, invitee.email, leaving.id);
    const accept = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/invite/accept',
        payload: { access_code: code, email: invitee.email },
      });
    return { company, leaving, staying, invitee, accept };
  }

  it('goes with an owner removed from the company', async () => {
    const { company, leaving, staying, accept } = await coOwnersAndInvitation();
    const removed = await post(staying.session.cookie, '/v1/user/company/remove', {
      email: leaving.email,
    });
    expect(removed.json()).toMatchObject({ Code: '200' });
    expect((await accept()).json()).toMatchObject({ Code: 'not_found' });
    expect(await ownersOf(company.id)).toEqual([staying.email]);
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'user.access.remove', companyId: company.id },
    });
    expect(audit.details).toMatchObject({ withdrawn: [expect.any(String)] });
  });

  it('goes with an owner demoted to admin', async () => {
    const { company, leaving, staying, accept } = await coOwnersAndInvitation();
    const demoted = await post(staying.session.cookie, '/v1/users/role/update', {
      email: leaving.email,
      data: [{ app: GLOBAL_APP_ID, roles: ['admin'] }],
    });
    expect(demoted.json()).toMatchObject({ Code: '200' });
    expect((await accept()).json()).toMatchObject({ Code: 'not_found' });
    expect(await ownersOf(company.id)).toEqual([staying.email]);
  });

  it('stays while its sender still owns the company', async () => {
    const { company, staying, invitee, accept } = await coOwnersAndInvitation();
    // Another member's change leaves the owner's invitation alone.
    const member = await signedInMember(t, company.id, []);
    const changed = await post(staying.session.cookie, '/v1/users/role/update', {
      email: member.email,
      data: [{ app: GLOBAL_APP_ID, roles: ['admin'] }],
    });
    expect(changed.json()).toMatchObject({ Code: '200' });
    expect((await accept()).json()).toMatchObject({ Code: '200' });
    // Accepted, it hands the company over: both owners step down to admin.
    expect(await ownersOf(company.id)).toEqual([invitee.email]);
  });
});
