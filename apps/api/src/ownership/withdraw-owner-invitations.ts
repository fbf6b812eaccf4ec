import { GLOBAL_APP_ID, OWNER_ROLE_ID } from '@portico/contracts';
import type { Prisma } from '@portico/db';

/**
 * Takes the owner role from a company's pending invitations, and removes those left with no role
 * (an invitation without roles invites to nothing: specification, section 4). Accepting an owner
 * invitation hands the company over (invites/accept-claim.ts), so the ones that may no longer
 * lead there go: the company's others when a new owner is invited (`keepEmail`: one owner
 * invitation at a time, companies/invite-owner.ts), and those that owners who stopped owning the
 * company sent (`invitedBy`: handed it over, were demoted or removed), which would otherwise take
 * the company from its owner when accepted later. Answers the ids withdrawn.
 */
export async function withdrawOwnerInvitations(
  tx: Prisma.TransactionClient,
  companyId: string,
  which: { keepEmail?: string; invitedBy?: string[] },
): Promise<string[]> {
  if (which.invitedBy?.length === 0) return [];
  const stale = await tx.access.findMany({
    where: {
      companyId,
      appId: GLOBAL_APP_ID,
      status: 'pending',
      ...(which.keepEmail === undefined ? {} : { NOT: { email: which.keepEmail } }),
      ...(which.invitedBy === undefined ? {} : { invitedById: { in: which.invitedBy } }),
      roles: { some: { roleId: OWNER_ROLE_ID } },
    },
    select: { id: true },
  });
  if (stale.length === 0) return [];
  const ids = stale.map((access) => access.id);
  await tx.accessRole.deleteMany({ where: { accessId: { in: ids }, roleId: OWNER_ROLE_ID } });
  await tx.access.deleteMany({ where: { id: { in: ids }, roles: { none: {} } } });
  return ids;
}
