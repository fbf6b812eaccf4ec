import { USER_STATUS } from '../constants.js';

/**
 * Ours: the user statuses in words. Section 4 calls awaiting_reset "the reset-sent value": a
 * reset link went out and the account waits for its new password.
 */
export const USER_STATUS_LABELS: Record<string, string> = {
  [USER_STATUS.active]: 'Active',
  [USER_STATUS.blocked]: 'Blocked',
  [USER_STATUS.awaitingReset]: 'Password reset sent',
};

/** A status's words; one the portal does not know reads as words too ("on_hold" -> "On hold"). */
export function userStatusLabel(status: string): string {
  const known = USER_STATUS_LABELS[status];
  if (known !== undefined) return known;
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Labels of the users screen (section 2, "Users") and the texts the specification leaves open
 * there. The section 8 messages of this screen stay in USERS_MESSAGES (toasts.ts).
 */
export const USERS_SCREEN_TEXTS = {
  inviteRow: 'Invite User',
  inviteButton: 'Invite',
  inviteTitle: 'Invite user',
  emailLabel: 'Email',
  appLabel: 'App',
  usersPanel: 'Users',
  searchLabel: 'Search users',
  searchPlaceholder: 'Search by name, username or e-mail',
  branchFilterLabel: 'Branch',
  appFilterLabel: 'App',
  clearFilters: 'Clear filters',
  nameLabel: 'Name',
  firstNameLabel: 'First name',
  lastNameLabel: 'Last name',
  editName: 'Edit',
  saveName: 'Save',
  cancel: 'Cancel',
  branchesAssigned: 'Branches Assigned',
  noBranches: 'No branches assigned',
  servicingBadge: 'Servicing',
  assignBranch: 'Assign Branch',
  assignBranchTitle: 'Assign Branch',
  branchLabel: 'Branch',
  servicingLabel: 'Servicing Branch',
  add: 'Add',
  removeBranch: (branch: string) => `Remove branch ${branch}`,
  roles: 'Roles',
  noRoles: 'No roles',
  updateRole: 'Update Role',
  updateRoleTitle: 'Update Role',
  apply: 'Apply',
  resend: 'Resend',
  deleteInvite: (app: string) => `Delete ${app} invite`,
  deleteButton: 'Delete',
  removeUserAccess: 'Remove User Access',
  accountBlocked: 'Account Blocked',
  accountBlockedText: 'This account is blocked. Reset the password to let the user in again.',
  resetSentText: 'A password reset link was sent. The user signs in after setting a new password.',
  reset: 'Reset',
  status: 'Status',
  /** What a user's overall status means, in words (section 3 names the values only). */
  statusLabel: userStatusLabel,
  pagination: 'Users pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page: number) => `Page ${page}`,
  // Ours: the specification leaves the results of these changes silent.
  nameUpdated: 'Name updated successfully.',
  nameUpdateFailed: 'Failed to update name.',
  branchAssigned: 'Branch assigned successfully.',
  branchAssignFailed: 'Failed to assign branch.',
  branchUnassigned: 'Branch removed successfully.',
  branchUnassignFailed: 'Failed to remove branch.',
  rolesUpdated: 'Roles updated successfully.',
  rolesUpdateFailed: 'Failed to update roles.',
  successTitle: 'Success',
  failedTitle: 'Failed',
  loadFailed: 'The users could not be loaded.',
} as const;

/**
 * Ours: what the owner does with the company-level roles (issue 12; section 6 gives these to the
 * top role but names no control). The admin switch stays out of the role toggle lists.
 */
export const OWNER_ACTION_TEXTS = {
  group: 'Company role',
  makeAdmin: 'Make admin',
  removeAdmin: 'Remove admin',
  transfer: 'Transfer ownership',
  transferTitle: 'Transfer Ownership',
  transferText: (name: string) =>
    `${name} becomes the owner of this company and you become an admin. Only the new owner can undo this.`,
  transferConfirm: 'Transfer',
  adminGranted: (name: string) => `${name} is now an admin.`,
  adminRemoved: (name: string) => `${name} is no longer an admin.`,
  transferred: (name: string) => `${name} now owns this company.`,
  failed: 'The company role could not be changed.',
} as const;
