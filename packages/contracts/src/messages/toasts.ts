/**
 * Texts of the users screen, the administration screens and their toasts (section 8), word for
 * word, spelling included ("Failed to removed comapany!" is the product's own).
 */

export const USERS_MESSAGES = {
  inviteSent: (email: string) => `Invite sent to ${email}`,
  inviteFailedTitle: 'Invite Failed',
  inviteFailed: (email: string) => `Failed to invite ${email}`,
  invitationResentTitle: 'Invitation Resent',
  // Ours: the specification says the text names the recipient and the app.
  invitationResent: (email: string, app: string) =>
    `The invitation to ${app} was sent again to ${email}.`,
  resendFailedTitle: 'Resend Failed',
  // Ours: the specification names only a failure text.
  resendFailed: 'The invitation could not be sent again. Please try again later.',
  inviteResent: 'Invite resent!',
  resetInitiated: 'Password reset initiated successfully.',
  resetFailed: 'Failed to initiate password reset.',
  accessRemoved: 'User access removed successfully.',
  accessRemoveFailed: 'Failed to remove user access.',
  inviteDeleted: (app: string) => `${app} invite deleted successfully.`,
  inviteDeleteFailed: 'Delete invite failed.',
  inviteSuccessTitle: 'Invite Success',
  noUsers: 'No users found',
  pending: '(pending)',
  allBranches: 'All Branches',
  allApps: 'All Apps',
  showing: (from: number, to: number, total: number) => `Showing ${from}-${to} of ${total} users`,
  removeAccessTitle: 'Remove User Access',
  // Ours: the specification lists what the confirmation states.
  removeAccessText:
    "This removes all of the user's application access for this company, terminates all of the user's active sessions, removes the user's branch assignments and deletes the user's company preferences.",
  removeAccessConfirm: 'Remove Access',
  confirmDeleteTitle: 'Confirm Delete',
  confirmDeleteText: 'Are you sure you want to delete this?',
  // Ours: the specification's question, naming the thing when the screen knows it (an IP).
  confirmDeleteNamed: (name: string) => `Are you sure you want to delete ${name}?`,
} as const;

export const ADMIN_TOASTS = {
  added: 'successfully added!',
  addAppFailed: 'Failed to add app',
  appRemoved: 'Successfully removed app!',
  appRemoveFailed: 'Failed to remove app!',
  updated: (name: string) => `${name} updated successfully.`,
  updateFailed: (name: string) => `${name} update failed.`,
  clientRemoved: (client: string) => `${client} removed successfully.`,
  clientRemoveFailed: (client: string) => `${client} removed failed.`,
  companyRemoved: 'Company removed successfully!',
  companyRemoveFailed: 'Failed to removed comapany!',
  whitelistRemoved: 'IP removed from whitelist successfully!',
  whitelistRemoveFailed: 'Failed to remove IP from whitelist!',
  unbanned: 'IP unbanned successfully!',
  unbanFailed: 'Failed to unban IP!',
  deleted: (name: string) => `${name} was deleted successfully.`,
} as const;

/** Ours: the specification says branch changes raise toasts without giving their texts. */
export const BRANCH_TOASTS = {
  added: 'Branch added successfully.',
  addFailed: 'Failed to add branch.',
  updated: 'Branch updated successfully.',
  updateFailed: 'Failed to update branch.',
  deleted: 'Branch deleted successfully.',
  deleteFailed: 'Failed to delete branch.',
} as const;
