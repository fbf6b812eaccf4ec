import {
  ACCESS_ENTRY_STATUS,
  ADMIN_ROLE_ID,
  COMPANY_LEVEL_ROLE_IDS,
  GLOBAL_APP_ID,
  OWNER_ROLE_ID,
  ROLE_GLOBAL_OWNER,
  hasRole,
  isCompanyAdmin,
} from '@portico/contracts';
import { type GroupedUser } from './grouped-user';

/** The role whose switch is hidden in every role toggle list (section 6). */
export const HIDDEN_ROLE = ADMIN_ROLE_ID;

/** Whether the user holds, or is invited to, global.owner or global.admin here. */
export function isAdminLevel(user: GroupedUser): boolean {
  return user.access.some(
    (row) =>
      row.app === GLOBAL_APP_ID &&
      row.roles.some((r) => (COMPANY_LEVEL_ROLE_IDS as readonly string[]).includes(r)),
  );
}

/** What the signed-in person may do to one user card (section 6; the API enforces the same). */
export interface UserPermissions {
  editName: boolean;
  editRoles: boolean;
  removeAccess: boolean;
  reset: boolean;
  /** Resend or delete a pending invitation. */
  invites: boolean;
  /** Grant or take back the company's admin role, and hand the company over (owner only). */
  ownerActions: boolean;
}

/** Whether the user holds global.owner here. */
function isOwnerTarget(user: GroupedUser): boolean {
  return user.access.some((row) => row.app === GLOBAL_APP_ID && row.roles.includes(OWNER_ROLE_ID));
}

/**
 * Only company administrators change anyone. An admin-level target is changed only by the top
 * role (owner): its application roles stay out of the toggle lists (the spec hides role editing
 * for admin-role targets), but the owner removes an admin's access and, on a verified member's
 * card, grants or takes back admin and transfers the company (issue 12). Nobody changes their
 * own access or resets their own password; renaming oneself is allowed.
 */
export function permissionsFor(
  viewer: { roles: readonly string[]; email: string },
  target: GroupedUser,
): UserPermissions {
  const admin = isCompanyAdmin(viewer.roles);
  const self = target.email.toLowerCase() === viewer.email.toLowerCase();
  const targetAdmin = isAdminLevel(target);
  const owner = hasRole(viewer.roles, ROLE_GLOBAL_OWNER);
  const mayTouch = admin && (!targetAdmin || owner);
  const verifiedMember =
    target.userid !== null &&
    target.access.some((row) => row.status === ACCESS_ENTRY_STATUS.verified);
  return {
    editName: mayTouch && target.userid !== null,
    editRoles: admin && !self && !targetAdmin,
    removeAccess: admin && !self && (!targetAdmin || (owner && !isOwnerTarget(target))),
    reset: mayTouch && !self,
    invites: mayTouch && !self,
    ownerActions: owner && !self && verifiedMember && !isOwnerTarget(target),
  };
}

/**
 * The roles whose switches a viewer sees for an application: never the admin role, and the
 * company's owner role only for an owner (only an owner may grant it).
 */
export function visibleRoles<R extends { id: string }>(
  app: string,
  roles: readonly R[],
  viewerRoles: readonly string[],
): R[] {
  return roles.filter((role) => {
    if (role.id === HIDDEN_ROLE) return false;
    if (app === GLOBAL_APP_ID && role.id === OWNER_ROLE_ID) {
      return hasRole(viewerRoles, ROLE_GLOBAL_OWNER);
    }
    return true;
  });
}
