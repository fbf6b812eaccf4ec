import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import {
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';
import { ownerEmailsOf, pendingOwnerInvitation } from '../ownership/ownership.fixtures.js';
import { deleteOwnAccount, startErasureApp } from './erasure.fixtures.js';

/**
 * A co-owner who deletes their account takes the owner invitations they sent with them, as an
 * owner who hands the company over, is demoted or removed does: accepted later, one would
 * hand the company to its invitee in the name of nobody and demote the owner who stayed.
 */
describe('the owner invitations of an owner who deletes their account', () => {
  let t: TestApp;
  let deletable: string;
  beforeAll(async () => {
    ({ t, deletable } = await startErasureApp());
  });
  afterAll(() => t.close());

  const accept = (code: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/invite/accept',
      payload: { access_code: code, email },
    });

  it('are withdrawn: the link finds nothing and the company stays with the other owner', async () => {
    const company = await createCompany(t);
    const staying = await signedInMember(t, company.id, ['owner']);
    const leaving = await createUser(t);
    await grantAccess(t, { companyId: company.id, user: leaving, roles: ['owner'] });
    const accomplice = await createUser(t);
    const code = await pendingOwnerInvitation(t, company.id, accomplice.email, leaving.id);
    // Another company's owner invitation from someone else stays.
    const elsewhere = await createCompany(t);
    await signedInMember(t, elsewhere.id, ['owner']);
    const next = await createUser(t);
    const kept = await pendingOwnerInvitation(t, elsewhere.id, next.email, staying.id);

    const { cookie } = await openTestSession(t, leaving, {
      clientId: deletable,
      companyId: company.id,
    });
    expect((await deleteOwnAccount(t, cookie, leaving.password)).json()).toMatchObject({
      Code: '200',
    });
    expect((await accept(code, accomplice.email)).json()).toMatchObject({ Code: 'not_found' });
    expect(await ownerEmailsOf(t, company.id)).toEqual([staying.email]);
    expect((await accept(kept, next.email)).json()).toMatchObject({ Code: '200' });

    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'account.erased', target: leaving.id },
    });
    expect(audit.details).toMatchObject({ withdrawn: [expect.any(String)] });
  });
});
