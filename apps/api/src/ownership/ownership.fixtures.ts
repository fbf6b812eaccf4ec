import { GLOBAL_APP_ID, OWNER_ROLE_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { newInviteCode } from '../invites/invite-code.js';

/** Test support for the ownership tests (not a test file itself). */

/** The e-mails of the company's verified owners. */
export async function ownerEmailsOf(t: TestApp, companyId: string): Promise<string[]> {
  const owners = await t.db.prisma.access.findMany({
    where: {
      companyId,
      appId: GLOBAL_APP_ID,
      status: 'verified',
      roles: { some: { roleId: OWNER_ROLE_ID } },
    },
    select: { email: true },
  });
  return owners.map((row) => row.email);
}

/** A pending invitation to own the company, sent by `invitedById`; answers its code. */
export async function pendingOwnerInvitation(
  t: TestApp,
  companyId: string,
  email: string,
  invitedById: string,
): Promise<string> {
  const made = newInviteCode();
  await t.db.prisma.access.create({
    data: {
      companyId,
      appId: GLOBAL_APP_ID,
      email,
      status: 'pending',
      inviteCodeHash: made.hash,
      inviteExpiresAt: made.expiresAt,
      invitedById,
      roles: { create: [{ roleId: OWNER_ROLE_ID }] },
    },
  });
  return made.code;
}
