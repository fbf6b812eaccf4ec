import type { z } from 'zod';
import { SUCCESS_CODE, calls } from '@portico/contracts';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import type { ApiClient, Failure } from '../../api/client';

export type PasskeyAssertion = z.output<typeof calls.passkeys.passkeyAssertion>;

export type PasskeyAssertionResult = { Code: typeof SUCCESS_CODE; Msg: PasskeyAssertion } | Failure;

/** Whether this browser can run a passkey ceremony at all. */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/**
 * The passkey ceremony: a challenge from passkeys.authOptions, then the browser's authenticator
 * (@simplewebauthn/browser). Resolves with the assertion for auth.reauth in `Msg`, or the
 * failure: the call's own, or passkey_invalid (every passkey failure's code) when the user
 * cancels or the browser refuses.
 */
export async function getPasskeyAssertion(api: ApiClient): Promise<PasskeyAssertionResult> {
  const options = await api.callApi(calls.passkeys.authOptions, {});
  if (options.Code !== SUCCESS_CODE) return options;
  let response: unknown;
  try {
    response = await startAuthentication({
      // The answer is @simplewebauthn/server's options, passed through untouched (contracts).
      optionsJSON: options.Msg as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
  } catch (error) {
    return { Code: 'passkey_invalid', Msg: error instanceof Error ? error.message : error };
  }
  // The browser's JSON is checked against the contract before it is sent.
  const parsed = calls.passkeys.passkeyAssertion.safeParse(response);
  return parsed.success
    ? { Code: SUCCESS_CODE, Msg: parsed.data }
    : { Code: 'passkey_invalid', Msg: parsed.error.message };
}
