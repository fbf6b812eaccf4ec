/**
 * Outcome texts per screen (specification, sections 2 and 8), word for word. Where the
 * specification only summarises a text, ours is marked.
 */

import { CODES } from '../codes.js';
import { REQUIRED } from '../rules/field.js';

/** Texts with a count or a name are functions. */
export function attemptsRemaining(retriesLeft: number): string {
  return `${retriesLeft} attempts remaining.`;
}

export const SESSION_MESSAGES = {
  expired: 'Session expired. Please re-authenticate.',
  reauthNetworkError: 'Network error during reauthentication.',
} as const;

/** The shell's own texts (top bar, network failures); ours, the specification has none. */
export const SHELL_MESSAGES = {
  networkError: 'The server could not be reached. Please try again.',
  /** The Server Error page's button: asks again once the server is back. */
  tryAgain: 'Try again',
  companySwitchFailed: 'Company not switched',
  signOutFailed: 'Sign out failed',
} as const;

export const LOGIN_MESSAGES = {
  noCompanies: 'Internal error.',
  userNotFound: CODES.user_not_found.text,
  blocked: CODES.account_blocked.text,
  awaitingReset: CODES.account_awaiting_reset.text,
  rateLimited: CODES.rate_limit_exceeded.text,
  attemptsRemaining,
} as const;

export const INVITE_MESSAGES = {
  expired: CODES.invite_expired.text,
  unresolved: 'Unable to resolve invitation details.',
  other: 'Internal issue found.',
  acceptedTitle: 'Invite Accepted',
  declinedTitle: 'Invite declined',
  notFoundTitle: 'Invite not found',
  notFoundText: 'Failed retrieving invite information',
} as const;

/** "<company> invited you to role(s) ..." with "to <app>" when the app is not the company. */
export function inviteText(company: string, roles: readonly string[], app?: string): string {
  const base = `${company} invited you to role(s) ${roles.join(', ')}`;
  return app === undefined ? base : `${base} to ${app}`;
}

export const REGISTER_MESSAGES = {
  title: 'Register User',
  usernameTaken: CODES.user_already_enrolled.text,
  emailInUse: CODES.email_already_inuse.text,
  inviteExpired: CODES.verified.text,
  other: 'Unable to register user because of unknown error.',
  successTitle: 'Registration Success',
  // Ours: the specification summarises this text.
  successText: 'You may now log in and use our banking online solutions.',
  failureTitle: 'Registration Failed',
} as const;

export const FORGOT_MESSAGES = {
  title: 'Forgot Password?',
  userNotFound: CODES.user_not_found.text,
  blocked: 'Failed to reset account. Account blocked.',
  other: 'Failed to send reset link. Please try again later.',
  successTitle: 'Reset link sent!',
  // Ours: the specification summarises this advice.
  successText: 'Please check your email, including your spam folder, for the reset link.',
} as const;

export const RESET_MESSAGES = {
  expired: CODES.forgot_expired.text,
  invalid: CODES.forgot_invalid.text,
  used: CODES.forgot_used.text,
  other: 'Failed to reset password. Please try again later.',
  success: 'Password reset successful!',
} as const;

export const MPIN_MESSAGES = {
  mismatch: 'MPINs do not match. Please try again.',
  invalidCredentials: 'Invalid credentials. Please try again.',
  other: 'Failed to set MPIN.',
  success: 'MPIN changed successfully.',
  unexpected: 'An unexpected error occurred during MPIN setup.',
} as const;

export const MFA_MESSAGES = {
  success: 'MFA settings updated successfully.',
  failure: 'Failed to update MFA settings.',
  unexpected: 'An unexpected error occurred during MFA toggle update.',
  // Ours: the server's message (section 8: "else the server message") when a method is turned
  // on before it is set up.
  pinNotSetUp: 'Set an MPIN before turning PIN sign-in on.',
  passkeyNotSetUp: 'Add a passkey before turning passkey sign-in on.',
} as const;

export const DEVICE_MESSAGES = {
  notFound: CODES.device_not_found.text,
  userMismatch: CODES.device_user_mismatch.text,
  removeFailed: 'Failed to remove device',
  invalidOtp: CODES.invalid_otp.text,
  verifyFailed: 'An error occurred during verification.',
  // Ours: the specification says only that a success message shows.
  verified: 'Device verified successfully.',
  inUse: '(In-use)',
} as const;

export const FORM_MESSAGES = {
  idTaken: CODES.app_enrolled.text,
  required: REQUIRED,
} as const;

export const WHITELIST_MESSAGES = {
  alreadyWhitelisted: CODES.already_whitelisted.text,
  required: REQUIRED,
  invalidFormat: 'Invalid IP address format',
} as const;

/** The banned-IP expiry label: Expired, or the hours and minutes remaining (ours: "2h 5m"). */
export function banExpiryLabel(expiresAt: string | null, now: Date = new Date()): string {
  if (expiresAt === null) return 'Never';
  const left = Date.parse(expiresAt) - now.getTime();
  if (!(left > 0)) return 'Expired';
  const minutes = Math.ceil(left / 60_000);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
