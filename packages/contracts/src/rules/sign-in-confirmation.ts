import type { ReauthMethod } from '../constants.js';

/** The MFA flags of a login answer (or of the session details). */
export interface MfaFlags {
  is_pin_enabled: boolean;
  is_passkey_enabled: boolean;
  has_pin_setup: boolean;
  has_passkey_setup: boolean;
  /** Ours (docs/mfa.md): an authenticator app in use; absent in answers that predate it. */
  has_totp_setup?: boolean | undefined;
}

/**
 * The second factors that confirm a sign-in: a PIN that is enabled and set, a passkey that is
 * enabled and registered, an authenticator app in use (with its recovery codes). The API starts such a session idle; the portal then asks for one of
 * them (auth.reauth), and the password, already checked, does not count again.
 */
export function confirmationMethods(flags: MfaFlags): Exclude<ReauthMethod, 'password'>[] {
  const methods: Exclude<ReauthMethod, 'password'>[] = [];
  if (flags.is_passkey_enabled && flags.has_passkey_setup) methods.push('passkey');
  if (flags.is_pin_enabled && flags.has_pin_setup) methods.push('mpin');
  // After the specification's two (passkey, then PIN): the app's code, or one recovery code.
  if (flags.has_totp_setup) methods.push('totp', 'recovery');
  return methods;
}

export function needsConfirmation(flags: MfaFlags): boolean {
  return confirmationMethods(flags).length > 0;
}
