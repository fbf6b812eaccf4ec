import type { ReauthMethod } from '@portico/contracts';
import { ApiError } from '../../http/api-error.js';
import type { SessionContext } from '../../sessions/session-guard.js';

/**
 * A session opened with needsConfirmation starts idle with its activity at the epoch
 * (session-store.ts) and keeps it until re-authentication renews it: that is how the sign-in
 * confirmation step is told apart from an ordinary idle session.
 */
export function awaitsSignInConfirmation(session: SessionContext): boolean {
  return session.lastSeenAt.getTime() === 0;
}

/**
 * The sign-in confirmation is the second factor: the password was just checked by the sign-in,
 * so it cannot confirm it again while the user has an enabled and set-up PIN or passkey (or an
 * authenticator app in use).
 * Refused as invalid_credentials, counting nothing.
 */
export function assertConfirmationMethod(
  method: ReauthMethod,
  user: {
    pinEnabled: boolean;
    passkeyEnabled: boolean;
    hasPin: boolean;
    passkeys: number;
    hasTotp: boolean;
  },
): void {
  const allowed: ReauthMethod[] = [];
  if (user.pinEnabled && user.hasPin) allowed.push('mpin');
  if (user.passkeyEnabled && user.passkeys > 0) allowed.push('passkey');
  // An authenticator app in use (and its recovery codes) is a second factor too.
  if (user.hasTotp) allowed.push('totp', 'recovery');
  if (allowed.length > 0 && !allowed.includes(method)) throw new ApiError('invalid_credentials');
}
