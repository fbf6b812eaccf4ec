import { CODES } from '../codes.js';
import { IMAGE_MAX_BYTES } from '../rules/upload.js';

/**
 * Texts of the Profile (/manage/me) and Subscriptions (/manage/subs) screens that section 8 does
 * not give: field and button names (section 2 names the controls) and our own outcome texts.
 * The outcome texts section 8 does give are MPIN_MESSAGES, MFA_MESSAGES and DEVICE_MESSAGES.
 */
export const PROFILE_TEXTS = {
  avatarLabel: 'Profile picture',
  avatarChange: 'Change picture',
  // Section 5 accepts png, gif and jpeg and gives no refusal text: the server's own, as every
  // image upload of the console says it.
  avatarWrongType: CODES.unsupported_media_type.text,
  avatarTooLarge: `The image must not be larger than ${IMAGE_MAX_BYTES / (1024 * 1024)} MB.`,
  avatarUploaded: 'Profile picture updated.',
  avatarFailed: 'Failed to upload the profile picture.',
  detailsTitle: 'Personal details',
  displayName: 'Display Name',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  edit: 'Edit',
  apply: 'Apply',
  cancel: 'Cancel',
  updated: 'Profile updated successfully.',
  updateFailed: 'Failed to update profile.',
  devicesTitle: 'Devices',
  noDevices: 'No devices yet.',
  deviceType: 'Type',
  deviceStatus: 'Status',
  deviceLastAccessed: 'Last accessed',
  deviceNever: 'Never',
  removeDevice: 'Remove Device',
  statusActive: 'active',
  statusBlocked: 'blocked',
  statusTitle: 'Change device status',
  statusConfirm: (device: string, status: string) => `Set ${device} to ${status}?`,
  statusChanged: (device: string, status: string) => `${device} is now ${status}.`,
  statusFailed: 'Failed to change the device status.',
  removeTitle: 'Remove device',
  removeConfirm: (device: string) =>
    `Remove ${device}? Signing in from it again will need a new one-time code.`,
  removed: (device: string) => `${device} was removed.`,
  mfaTitle: 'Multifactor Authentication',
  pinToggle: 'PIN sign-in',
  passkeyToggle: 'Passkey sign-in',
  setMpin: 'Set MPIN',
  changeMpin: 'Change MPIN',
  addPasskey: 'Add passkey',
  passkeyUnsupported: 'This browser cannot create passkeys.',
  passkeyAdded: 'Passkey added.',
  passkeyFailed: 'The passkey could not be added.',
  passwordTitle: 'Confirm your password',
  passwordText: 'Enter your account password to continue.',
  password: 'Password',
  continue: 'Continue',
  confirm: 'Confirm',
  newMpin: 'New MPIN',
  repeatMpin: 'Re-enter MPIN',
  mpinText: 'Choose six digits, then enter them again.',
} as const;

export const SUBSCRIPTION_TEXTS = {
  title: 'Subscriptions',
  none: 'No applications are offered for subscription yet.',
  beta: 'Beta',
  joinBeta: 'Join beta',
  cancel: 'Cancel',
  subscribe: 'Subscribe',
  subscribed: 'Subscribed',
  // Ours: section 2 leaves the Subscribe action open; the portal does not pretend to sell.
  subscribeHint: 'Subscriptions are arranged with your administrator.',
  // Ours: beta access is the company's, changed by its owner or an admin (subscriptions.update).
  adminOnlyHint: "Only the company's owner or an administrator can change its beta access.",
  joined: (app: string) => `You joined the ${app} beta.`,
  left: (app: string) => `You left the ${app} beta.`,
  failed: (app: string) => `Failed to update the ${app} beta.`,
  openApp: (app: string) => `Open ${app} in a new tab`,
} as const;

/**
 * Ours: deleting one's own account (section 6: "Account deletion by users is controllable per
 * client through allow_delete"; the specification shows no screen for it).
 */
export const DELETE_ACCOUNT_TEXTS = {
  title: 'Delete account',
  dialogTitle: 'Delete Account',
  text: 'Your account and the personal data kept about it are erased for good, and you are signed out everywhere. This cannot be undone.',
  button: 'Delete account',
  confirm: 'Delete my account',
  failed: 'Your account could not be deleted.',
} as const;
