import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  b64,
  bootstrapPlatform,
  createCompany,
  signedInMember,
  unique,
} from '../../test/factories.js';
import { ownerEmailsOf, pendingOwnerInvitation } from '../ownership/ownership.fixtures.js';

/**
 * Registering from an owner invitation hands the company over (company.owner_change): the
 * trail names who did it, the new owner, from where, as when an existing account accepts.
 */
describe('registration from an owner invitation', () => {
  let t: TestApp;
  let platformAdminId: string;
  beforeAll(async () => {
    t = await startTestApp();
    platformAdminId = (await bootstrapPlatform(t)).id;
  });
  afterAll(() => t.close());

  it('records the change of owner in the name of the new account, with its IP', async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const email = `${unique('owner')}@example.test`;
    const code = await pendingOwnerInvitation(t, company.id, email, platformAdminId);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/register',
      remoteAddress: '10.3.0.1',
      payload: {
        uname: b64(unique('Owner_')),
        pass: b64('Register1'),
        mobile: b64('+1 (555) 010-2030'),
        email: b64(email),
        displayName: 'New Owner',
        access: code,
      },
    });
    expect(answer.json()).toMatchObject({ Code: '200' });
    expect(await ownerEmailsOf(t, company.id)).toEqual([email]);

    const account = await t.db.prisma.user.findUniqueOrThrow({ where: { email } });
    const event = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'company.owner_change', companyId: company.id },
    });
    expect(event).toMatchObject({
      actorId: account.id,
      ip: '10.3.0.1',
      details: { from: [owner.email], to: email },
    });
  });
});
