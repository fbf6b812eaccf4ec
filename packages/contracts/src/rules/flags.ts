import { COMPANY_ADMIN_ROLES, PLATFORM_COMPANY_ID } from '../constants.js';

/** Feature flags of section 6: they decide which side-menu sections exist. */
export interface FeatureFlags {
  users: boolean;
  dev: boolean;
  admin: boolean;
}

/** A role check is membership in the session roles. */
export function hasRole(roles: readonly string[], role: string): boolean {
  return roles.includes(role);
}

/** True with global.owner or global.admin: company user, branch and profile management. */
export function isCompanyAdmin(roles: readonly string[]): boolean {
  return COMPANY_ADMIN_ROLES.some((role) => hasRole(roles, role));
}

/** users with a company-level role; in the platform company dev and admin follow users. */
export function featureFlags(
  roles: readonly string[],
  companyId: string | undefined,
): FeatureFlags {
  const users = isCompanyAdmin(roles);
  const platform = companyId === PLATFORM_COMPANY_ID;
  return { users, dev: platform && users, admin: platform && users };
}
