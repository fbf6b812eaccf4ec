import { ACCESS_ENTRY_STATUS, GLOBAL_APP_ID, OWNER_ROLE_ID } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import type { Database } from '../db.js';

type Reader = Database['prisma'] | Prisma.TransactionClient;

export interface OwnerAccess {
  companyId: string;
  email: string;
  status: 'pending' | 'verified';
  roles: string[];
  app: string;
  username: string | null;
  displayName: string | null;
}

export interface CompanyOwners {
  /** The first verified owner (the company's owner as screens show it). */
  verified?: OwnerAccess;
  /** The pending owner invitation, if one is waiting (there is at most one, see invite-owner). */
  pending?: OwnerAccess;
}

/**
 * The owner accesses (global access holding the owner role) of some companies, oldest first,
 * grouped per company into its first verified owner and its pending invitation.
 */
export async function loadOwners(
  db: Reader,
  companyIds: string[],
): Promise<Map<string, CompanyOwners>> {
  const rows = await db.access.findMany({
    where: {
      companyId: { in: companyIds },
      appId: GLOBAL_APP_ID,
      roles: { some: { roleId: OWNER_ROLE_ID } },
    },
    select: {
      companyId: true,
      email: true,
      status: true,
      appId: true,
      user: { select: { username: true, displayName: true } },
      roles: { select: { roleId: true }, orderBy: { roleId: 'asc' } },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const owners = new Map<string, CompanyOwners>();
  for (const row of rows) {
    const access: OwnerAccess = {
      companyId: row.companyId,
      email: row.email,
      status: row.status,
      roles: row.roles.map((role) => role.roleId),
      app: row.appId,
      username: row.user?.username ?? null,
      displayName: row.user?.displayName ?? null,
    };
    const entry = owners.get(row.companyId) ?? {};
    if (row.status === ACCESS_ENTRY_STATUS.verified) entry.verified ??= access;
    else entry.pending ??= access;
    owners.set(row.companyId, entry);
  }
  return owners;
}

/** What a screen shows as the owner: the verified owner's display name, or "" when none. */
export function ownerDisplayName(owners: CompanyOwners | undefined): string {
  return owners?.verified?.displayName ?? '';
}

/**
 * The invitation the companies screen works with (section 2: Invite when none, Change when
 * verified, Resend otherwise): the pending invitation while one waits, else the verified owner.
 */
export function ownerInvitation(owners: CompanyOwners | undefined): OwnerAccess | undefined {
  return owners?.pending ?? owners?.verified;
}
