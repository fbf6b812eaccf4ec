import { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import type { SessionContext } from '../sessions/session-guard.js';
import { COMPANY_LEVEL_ROLE_IDS } from '@portico/contracts';
import { isOwner } from './company-member.js';
import type { RoleGroup } from './role-definitions.js';
import { grantableGroups } from './role-definitions.js';

/** One application's roles in an invitation or a role change. */
export interface Grant {
  app: string;
  roles: string[];
}

/** Merges repeated applications and repeated roles, keeping the first-seen order. */
export function normalizeGrants(grants: readonly Grant[]): Grant[] {
  const byApp = new Map<string, Set<string>>();
  for (const grant of grants) {
    const roles = byApp.get(grant.app) ?? new Set<string>();
    for (const role of grant.roles) roles.add(role);
    byApp.set(grant.app, roles);
  }
  return [...byApp].map(([app, roles]) => ({ app, roles: [...roles] }));
}

/**
 * Every application must be one the company may grant (users.roleDefinitions) and every role
 * one of that application's: anything else is not_found, naming what was not found. Answers
 * the grantable groups (with role names) by application id. The applications and then the roles
 * named are locked (KEY SHARE) first, for the caller's transaction: a removal of one of them
 * waits for the grant and then takes it along (roles/remove-role.ts), or, when it came first, the
 * grant finds the role gone (not_found) instead of failing on its foreign key.
 */
export async function assertGrantable(
  db: Prisma.TransactionClient,
  companyId: string,
  grants: readonly Grant[],
): Promise<Map<string, RoleGroup>> {
  const named = grants.flatMap((grant) =>
    grant.roles.map((role) => Prisma.sql`(${grant.app}, ${role})`),
  );
  if (named.length > 0) {
    const apps = grants.map((grant) => grant.app);
    await db.$queryRaw`SELECT id FROM applications WHERE id IN (${Prisma.join(apps)}) FOR KEY SHARE`;
    await db.$queryRaw`
      SELECT id FROM roles WHERE (app_id, id) IN (${Prisma.join(named)}) FOR KEY SHARE`;
  }
  const groups = await grantableGroups(db, companyId);
  for (const grant of grants) {
    const group = groups.get(grant.app);
    if (!group) throw new ApiError('not_found', `Unknown application: ${grant.app}`);
    const known = new Set(group.roles.map((role) => role.id));
    const missing = grant.roles.find((role) => !known.has(role));
    if (missing !== undefined) {
      throw new ApiError('not_found', `Unknown role of ${grant.app}: ${missing}`);
    }
  }
  return groups;
}

/**
 * Section 6 on the target: nobody changes their own access, and an admin-level target (company
 * owner or admin) is changed only by an owner. `owner` is whether the caller is the owner: the
 * session's roles unless the caller read it under the company's lock (access-lock.ts).
 */
export function assertMayChangeTarget(
  session: SessionContext,
  target: { userId: string | null; adminLevel: boolean },
  owner = isOwner(session),
): void {
  if (target.userId !== null && target.userId === session.userId) {
    throw new ApiError('forbidden', 'You cannot change your own access.');
  }
  if (target.adminLevel && !owner) {
    throw new ApiError('forbidden', 'Only an owner can change a company owner or admin.');
  }
}

/**
 * Section 6 on the roles: only an owner grants or takes away the company-level built-in roles
 * (global.owner and global.admin). `before` and `after` are the company roles (app `global`);
 * `owner` as for assertMayChangeTarget.
 */
export function assertMayChangeCompanyRoles(
  session: SessionContext,
  before: readonly string[],
  after: readonly string[],
  owner = isOwner(session),
): void {
  const changed = COMPANY_LEVEL_ROLE_IDS.filter(
    (role) => before.includes(role) !== after.includes(role),
  );
  if (changed.length > 0 && !owner) {
    throw new ApiError('forbidden', `Only an owner can grant or remove global.${changed[0]}.`);
  }
}
