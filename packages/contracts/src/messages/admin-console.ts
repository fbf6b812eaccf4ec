import type { BanReason, BannedSort } from '../constants.js';

/**
 * Labels of the company screen and the administration screens (companies, IP whitelist, banned
 * IPs). The specification names the owner actions, the ban reasons and the sort options; the
 * rest are ours (column headings, buttons, empty lists), kept here so the portal and the e2e
 * tests read the same words.
 */

/** Owner column of the companies list (sections 2 and 4). */
export const OWNER_ACTIONS = {
  invite: 'Invite',
  change: 'Change',
  resend: 'Resend',
} as const;
export type OwnerAction = keyof typeof OWNER_ACTIONS;

/** Ban reasons: credential_stuffing, anything else shown as rate limiting (section 3). */
export function banReasonLabel(reason: BanReason | string): string {
  return reason === 'credential_stuffing' ? 'Credential stuffing' : 'Rate limiting';
}

/** The banned list's sort dropdown (section 9), in the order it offers them. */
export const BANNED_SORT_LABELS: Record<BannedSort, string> = {
  'date-newest': 'Date (newest first)',
  'date-oldest': 'Date (oldest first)',
  reason: 'Reason',
};

export const CONSOLE_LABELS = {
  id: 'Id',
  name: 'Name',
  image: 'Image',
  owner: 'Owner',
  actions: 'Actions',
  edit: 'Edit',
  apply: 'Apply',
  cancel: 'Cancel',
  create: 'Create',
  delete: 'Delete',
  remove: 'Remove',
  none: '—',
  loadFailed: 'The list could not be loaded.',
} as const;

export const COMPANIES_TEXTS = {
  addCompany: 'Add Company',
  branches: 'Branches',
  branchesOf: (company: string) => `Branches of ${company}`,
  inviteOwnerOf: (company: string) => `Invite owner of ${company}`,
  ownerEmail: 'Email',
  invite: 'Invite',
  pendingOwner: (email: string) => `${email} (pending)`,
  noCompanies: 'No companies yet.',
} as const;

export const BRANCH_TEXTS = {
  heading: 'Branches',
  addBranch: 'Add Branch',
  add: 'Add',
  branchId: 'Branch Id',
  branchName: 'Branch Name',
  noBranches: 'No branches yet.',
} as const;

export const COMPANY_TEXTS = {
  changeImage: 'Change image',
  imageUpdated: 'Company image updated.',
  imageFailed: 'The company image could not be updated.',
} as const;

export const WHITELIST_TEXTS = {
  ip: 'IP address',
  description: 'Description',
  addedAt: 'Added',
  addedBy: 'Added by',
  addIp: 'Add IP',
  add: 'Add',
  empty: 'No whitelisted IP addresses.',
} as const;

export const BANNED_TEXTS = {
  ip: 'IP address',
  reason: 'Reason',
  bannedAt: 'Banned',
  expires: 'Expires',
  attempts: 'Attempts',
  client: 'Client',
  app: 'App',
  blockedUsers: 'Blocked users',
  sortBy: 'Sort by',
  unban: 'Unban',
  empty: 'No banned IP addresses.',
} as const;
