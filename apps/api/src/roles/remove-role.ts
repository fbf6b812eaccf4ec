import { BUILT_IN_ROLES } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { endWhatLostAccessEnds } from '../users/lost-access.js';

type Tx = Prisma.TransactionClient;

const BUILT_IN = new Set<string>(BUILT_IN_ROLES.map((role) => role.id));

/**
 * Removes a role of an application in the caller's transaction. The built-in roles (admin and
 * owner) of every application are never removed. Its grants go with it (cascade), and an
 * access or invitation left with no role for the application goes too (section 4: removing
 * all of a user's roles for an app removes the invite or access), with what that ends
 * (users/lost-access.ts). Returns how many accesses were removed that way.
 */
export async function removeRole(
  tx: Tx,
  appId: string,
  roleId: string,
): Promise<{ grants: number; emptiedAccess: number }> {
  if (BUILT_IN.has(roleId)) {
    // An application that does not exist has no built-in roles: not_found, as for its other ids.
    const app = await tx.application.findUnique({ where: { id: appId }, select: { id: true } });
    if (!app) throw new ApiError('not_found');
    throw new ApiError('forbidden', 'Built-in roles cannot be removed.');
  }
  // The role first: a grant of it under way (which holds it KEY SHARE: users/role-rules.ts)
  // commits before its holders are read, so an access it leaves with no role is seen and goes.
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM roles WHERE app_id = ${appId} AND id = ${roleId} FOR UPDATE`;
  if (locked.length === 0) throw new ApiError('not_found');
  const holders = await tx.accessRole.findMany({
    where: { appId, roleId },
    select: { accessId: true },
  });
  const deleted = await tx.role.deleteMany({ where: { appId, id: roleId } });
  if (deleted.count === 0) throw new ApiError('not_found');
  const emptied = await tx.access.findMany({
    where: { id: { in: holders.map((holder) => holder.accessId) }, roles: { none: {} } },
    select: { id: true, companyId: true, appId: true, email: true, userId: true },
  });
  await tx.access.deleteMany({ where: { id: { in: emptied.map((row) => row.id) } } });
  // Whoever that left with nothing in a company is signed out there, as when removed.
  await endWhatLostAccessEnds(tx, emptied);
  return { grants: holders.length, emptiedAccess: emptied.length };
}
