import { z } from 'zod';

/**
 * Authenticator apps (TOTP, RFC 6238) and recovery codes (docs/mfa.md): their formats and
 * messages, for the API's calls and the portal's dialogs.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes shown at set-up (and after regenerating): each works once in place of a factor. */
export const RECOVERY_CODE_COUNT = 10;

export const TOTP_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  recoveryFormat: 'Enter one of your recovery codes, e.g. abcde-12345',
} as const;

export const totpCodeRule = z
  .string({ error: TOTP_MESSAGES.codeFormat })
  .max(16, { error: TOTP_MESSAGES.codeFormat })
  .trim()
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { error: TOTP_MESSAGES.codeFormat });

/** Ten lowercase base32 characters in two groups (`abcde-12345`); case and spaces forgiven. */
export const recoveryCodeRule = z
  .string({ error: TOTP_MESSAGES.recoveryFormat })
  .max(32, { error: TOTP_MESSAGES.recoveryFormat })
  .transform((value) => value.toLowerCase().replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{5}-[a-z2-7]{5}$/, { error: TOTP_MESSAGES.recoveryFormat }));
