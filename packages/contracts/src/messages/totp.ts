/**
 * Ours: the authenticator-app texts (docs/mfa.md) of the profile, the sign-in confirmation and
 * the session-expired dialog. The code formats' messages stay with their rules (rules/totp.ts).
 */
/** The profile's authenticator-app texts (docs/mfa.md). */
export const TOTP_TEXTS = {
  heading: 'Authenticator app',
  off: 'Not set up.',
  on: (left: number) => `In use. ${left} recovery code${left === 1 ? '' : 's'} left.`,
  setUp: 'Set up authenticator app',
  replace: 'Replace authenticator app',
  turnOff: 'Turn off authenticator app',
  newCodes: 'New recovery codes',
  scan: 'Scan this code with your authenticator app, or type the key below into it.',
  qrAlt: 'QR code for your authenticator app',
  key: 'Key',
  code: 'Code from the app',
  confirm: 'Confirm',
  codesTitle: 'Recovery codes',
  codesText:
    'Keep these codes somewhere safe: each one signs you in once if you lose your phone. They are shown only now.',
  copy: 'Copy codes',
  copied: 'Copied',
  download: 'Download codes',
  done: 'Done',
  enabled: 'Authenticator app set up.',
  disabled: 'Authenticator app turned off.',
  wrongCode: 'That code does not match. Check the time on your phone and try the next code.',
  /** totp_not_set_up on the confirmation: too many wrong codes discarded it (or another began). */
  setupEnded:
    'This set-up has ended after too many wrong codes. Enter your password to start again.',
} as const;

/** The code fields where a second factor is asked (sign-in confirmation, session expired). */
export const TOTP_LABELS = {
  code: 'Authenticator code',
  recoveryCode: 'Recovery code',
  totpText: 'Enter the 6-digit code from your authenticator app.',
  recoveryText: 'Enter one of your recovery codes. Each works once.',
} as const;

/** The sign-in confirmation's links to the authenticator app and a recovery code. */
export const TOTP_SWITCH_LABELS = {
  useTotp: 'Use your authenticator app',
  useRecovery: 'Use a recovery code',
} as const;
