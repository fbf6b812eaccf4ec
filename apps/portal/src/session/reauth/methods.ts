import type { z } from 'zod';
import { confirmationMethods, type ReauthMethod, type calls } from '@portico/contracts';
import { passkeysSupported } from './passkey';

export type MfaFlags = z.input<typeof calls.auth.mfaFlags>;

/**
 * The methods the user can re-authenticate with, best first (specification, section 2): a
 * passkey when it is on, one is registered and the browser can use it; the MPIN when it is on
 * and set; the password always.
 */
export function reauthMethods(
  flags: MfaFlags | undefined,
  webAuthn: boolean = passkeysSupported(),
): ReauthMethod[] {
  const second = flags ? confirmationMethods(flags) : [];
  return [...second.filter((method) => method !== 'passkey' || webAuthn), 'password'];
}
