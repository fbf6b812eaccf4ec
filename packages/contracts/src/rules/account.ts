import { z } from 'zod';
import {
  PASSWORD_LENGTH,
  PASSWORD_MAX_CEILING,
  PASSWORD_MAX_DEFAULT,
  PHONE_DIGITS,
  PIN_LENGTH,
  USERNAME_LENGTH,
} from '../constants.js';
import { HIDDEN_CHARACTER_MESSAGE, hasVisibleText, isPlainDisplayText } from './field.js';

/** Account rules of section 5: username, password, phone, e-mail, display name, MPIN. */
export const ACCOUNT_MESSAGES = {
  usernameRequired: 'Username is required.',
  usernameMin: `Username must be at least ${USERNAME_LENGTH.min} characters.`,
  usernameMax: `Username must not exceed ${USERNAME_LENGTH.max} characters.`,
  usernameSpaces: 'Username cannot contain spaces.',
  usernameFormat:
    'Username must start with a letter or underscore and contain only letters, numbers, and underscores.',
  passwordRequired: 'Password is required.',
  // The specification names the minimum and the no-spaces rule without their texts; these follow
  // the username's wording.
  passwordMin: `Password must be at least ${PASSWORD_LENGTH.min} characters.`,
  passwordSpaces: 'Password cannot contain spaces.',
  passwordUppercase: 'Password must contain at least one uppercase letter.',
  passwordLowercase: 'Password must contain at least one lowercase letter.',
  passwordNumber: 'Password must contain at least one number.',
  phoneRequired: 'Phone number is required.',
  phoneMin: `Phone number must be at least ${PHONE_DIGITS.min} digits.`,
  phoneMax: 'Phone number is too long.',
  phoneFormat: 'Invalid phone number format.',
  displayNameRequired: 'Display name is required.',
  displayNameMax: 'Display name must not exceed 100 characters.',
  nameMax: 'Name must not exceed 100 characters.',
  // E-mail texts are not in the specification; ours.
  emailRequired: 'Email is required.',
  emailFormat: 'Invalid email address.',
  emailMax: 'Email must not exceed 254 characters.',
  usernameTooLong: 'Username is too long.',
  passwordTooLong: 'Password is too long.',
  confirmDialogRequired: 'Password is required',
  reauthRequired: 'Please enter your credentials.',
  mpinFormat: 'MPIN must be 6 digits.',
  forgotRequired: 'Username or email is required.',
} as const;

const M = ACCOUNT_MESSAGES;

export const usernameRule = z
  .string({ error: M.usernameRequired })
  .min(1, { error: M.usernameRequired })
  .min(USERNAME_LENGTH.min, { error: M.usernameMin })
  .max(USERNAME_LENGTH.max, { error: M.usernameMax })
  .regex(/^\S*$/, { error: M.usernameSpaces })
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: M.usernameFormat });

/** The specification's maximum message, for the maximum in force (PASSWORD_MAX_LENGTH). */
export function passwordMaxMessage(max: number): string {
  return `Password must not exceed ${max} characters.`;
}

/** A new password's rules of section 5, with the longest length the operator allows. */
export function passwordRuleWith(max: number) {
  return z
    .string({ error: M.passwordRequired })
    .min(1, { error: M.passwordRequired })
    .min(PASSWORD_LENGTH.min, { error: M.passwordMin })
    .max(max, { error: passwordMaxMessage(max) })
    .regex(/^\S*$/, { error: M.passwordSpaces })
    .regex(/[A-Z]/, { error: M.passwordUppercase })
    .regex(/[a-z]/, { error: M.passwordLowercase })
    .regex(/[0-9]/, { error: M.passwordNumber });
}

/** The default policy's rule (forms before the server's policy is known, settings). */
export const passwordRule = passwordRuleWith(PASSWORD_MAX_DEFAULT);

/**
 * What the calls that set a password accept on the wire: the rules up to the highest maximum an
 * operator may set. The server then applies the maximum in force and the blocklist
 * (apps/api/src/password/policy.ts).
 */
export const wirePasswordRule = passwordRuleWith(PASSWORD_MAX_CEILING);

// Longest typed form we accept before counting digits: 15 digits plus separators.
const PHONE_MAX_CHARS = 30;

function digitCount(value: string): number {
  return value.replace(/\D/g, '').length;
}

export const phoneRule = z
  .string({ error: M.phoneRequired })
  .trim()
  .min(1, { error: M.phoneRequired })
  .max(PHONE_MAX_CHARS, { error: M.phoneMax })
  .regex(/^[0-9\s\-+()]+$/, { error: M.phoneFormat })
  .refine((value) => digitCount(value) >= PHONE_DIGITS.min, { error: M.phoneMin })
  .refine((value) => digitCount(value) <= PHONE_DIGITS.max, { error: M.phoneMax });

export const EMAIL_MAX = 254;

export const emailRule = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, { error: M.emailRequired })
  .max(EMAIL_MAX, { error: M.emailMax })
  .regex(z.regexes.email, { error: M.emailFormat });

/**
 * A person's names are shown to others (administrators' user lists, the audit trail, the
 * re-authentication dialog), so they refuse the control and invisible formatting characters
 * that application and company names refuse (field.ts, HIDDEN_CHARACTERS).
 */
const shownOnOneLine = { error: HIDDEN_CHARACTER_MESSAGE };

export const displayNameRule = z
  .string({ error: M.displayNameRequired })
  .trim()
  .min(1, { error: M.displayNameRequired })
  .max(100, { error: M.displayNameMax })
  .refine((value) => hasVisibleText(value), { error: M.displayNameRequired })
  .refine((value) => isPlainDisplayText(value), shownOnOneLine);

/** First and last names: optional, bounded. */
export const personNameRule = z
  .string()
  .trim()
  .max(100, { error: M.nameMax })
  .refine((value) => isPlainDisplayText(value), shownOnOneLine);

/**
 * Sign-in fields only need to be filled: the registration rules are not applied at sign-in so an
 * account created before a rule changed can still sign in.
 */
export const signInUsernameRule = z
  .string({ error: M.usernameRequired })
  .min(1, { error: M.usernameRequired })
  .max(EMAIL_MAX, { error: M.usernameTooLong });

// Whatever maximum an operator sets, every password it allowed can be typed at sign-in.
const SIGN_IN_PASSWORD_MAX = PASSWORD_MAX_CEILING;

export const signInPasswordRule = z
  .string({ error: M.passwordRequired })
  .min(1, { error: M.passwordRequired })
  .max(SIGN_IN_PASSWORD_MAX, { error: M.passwordTooLong });

/** The password-confirmation dialog (MFA toggles, MPIN setup, passkey setup). */
export const confirmDialogPasswordRule = z
  .string({ error: M.confirmDialogRequired })
  .min(1, { error: M.confirmDialogRequired })
  .max(SIGN_IN_PASSWORD_MAX, { error: M.passwordTooLong });

/** Re-authentication by password (session-expired dialog). */
export const reauthPasswordRule = z
  .string({ error: M.reauthRequired })
  .min(1, { error: M.reauthRequired })
  .max(SIGN_IN_PASSWORD_MAX, { error: M.passwordTooLong });

export const mpinRule = z
  .string({ error: M.mpinFormat })
  .max(PIN_LENGTH, { error: M.mpinFormat })
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), { error: M.mpinFormat });

/** The forgot-password field: a username or an e-mail address. */
export const forgotFieldRule = z
  .string({ error: M.forgotRequired })
  .trim()
  .min(1, { error: M.forgotRequired })
  .max(EMAIL_MAX, { error: M.emailMax });

/** Send Reset Link is enabled only when the field is filled. */
export function canSendResetLink(value: string): boolean {
  return value.trim().length > 0;
}
