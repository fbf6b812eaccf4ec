import { useState } from 'react';
import { SUCCESS_CODE, calls } from '@portico/contracts';
import { useApi } from '../../api/context';
import { getPasskeyAssertion } from './passkey';
import {
  isFinalReauthFailure,
  reauthFailureText,
  reauthenticate,
  type ReauthCredential,
} from './reauthenticate';

/** A failed attempt: its text, and whether the dialog can still take another credential. */
export interface ReauthFailure {
  text: string;
  final: boolean;
}

export interface UseReauthOptions {
  client: string;
  redirect: string;
  /** Called after a 200; the dialog stays busy until it settles. */
  onReauthenticated(): Promise<void> | void;
  /**
   * device_add (this browser is not the session's device): the e-mailed code was sent under
   * `otpref` and the device verification takes over. Without it device_add ends the dialog.
   */
  onDeviceVerification?(otpref: string): void;
}

/** A password or MPIN as typed, or a passkey whose ceremony is still to run. */
export type ReauthAttempt =
  Exclude<ReauthCredential, { method: 'passkey' }> | { method: 'passkey' };

/**
 * Sends one re-authentication attempt and keeps what the dialog shows about it: busy while it
 * runs, then the failure text ("<n> attempts remaining.", the blocked text, the network text).
 */
export function useReauth({
  client,
  redirect,
  onReauthenticated,
  onDeviceVerification,
}: UseReauthOptions) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ReauthFailure>();

  async function attempt(credential: ReauthAttempt): Promise<void> {
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await send(credential);
      if (answer.Code === SUCCESS_CODE) {
        await onReauthenticated();
        return;
      }
      const device = calls.auth.deviceAddDetails.safeParse(answer.Msg);
      if (answer.Code === 'device_add' && device.success && onDeviceVerification) {
        onDeviceVerification(device.data.otpref);
        return;
      }
      setFailure({ text: reauthFailureText(answer), final: isFinalReauthFailure(answer.Code) });
    } finally {
      setBusy(false);
    }
  }

  async function send(credential: ReauthAttempt) {
    if (credential.method !== 'passkey') {
      return reauthenticate(api, { ...credential, client, redirect });
    }
    const assertion = await getPasskeyAssertion(api);
    if (assertion.Code !== SUCCESS_CODE) return assertion;
    return reauthenticate(api, { method: 'passkey', value: assertion.Msg, client, redirect });
  }

  return { attempt, busy, failure, clearFailure: () => setFailure(undefined) };
}
