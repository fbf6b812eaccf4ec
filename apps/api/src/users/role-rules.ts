import type { Prisma } from '@portico/db';
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
 * the grantable groups (with role names) by application id.
 */
export async function assertGrantable(
  db: Prisma.TransactionClient,
  companyId: string,
  grants: readonly Grant[],
): Promise<Map<string, RoleGroup>> {
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
 * owner or admin) is changed only by an owner.
 */
export function assertMayChangeTarget(
  session: SessionContext,
  target: { userId: string | null; adminLevel: boolean },
): void {
  if (target.userId !== null && target.userId === session.userId) {
    throw new ApiError('forbidden', 'You cannot change your own access.');
  }
  if (target.adminLevel && !isOwner(session)) {
    throw new ApiError('forbidden', 'Only an owner can change a company owner or admin.');
  }
}

/**
 * Section 6 on the roles: only an owner grants or takes away the company-level built-in roles
 * (global.owner and global.admin). `before` and `after` are the company roles (app `global`).
 */
export function assertMayChangeCompanyRoles(
  session: SessionContext,
  before: readonly string[],
  after: readonly string[],
): void {
  const changed = COMPANY_LEVEL_ROLE_IDS.filter(
    (role) => before.includes(role) !== after.includes(role),
  );
  if (changed.length > 0 && !isOwner(session)) {
    throw new ApiError('forbidden', `Only an owner can grant or remove global.${changed[0]}.`);
  }
}
