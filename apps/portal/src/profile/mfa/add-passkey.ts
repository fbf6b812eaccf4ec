import {
  MPIN_MESSAGES,
  PROFILE_TEXTS,
  SUCCESS_CODE,
  calls,
  encodeBase64,
} from '@portico/contracts';
import { startRegistration } from '@simplewebauthn/browser';
import type { ApiClient } from '../../api/client';

/**
 * Adds a passkey (docs/mfa.md): options after the account password, the browser's authenticator
 * through @simplewebauthn/browser, then the attestation to passkeys.registerVerify. Resolves with
 * the failure text, or undefined when the passkey was added.
 */
export async function addPasskey(api: ApiClient, password: string): Promise<string | undefined> {
  const options = await api.callApi(calls.passkeys.registerOptions, {
    password: encodeBase64(password),
  });
  if (options.Code === 'invalid_credentials') return MPIN_MESSAGES.invalidCredentials;
  if (options.Code !== SUCCESS_CODE) return PROFILE_TEXTS.passkeyFailed;
  let response: unknown;
  try {
    response = await startRegistration({
      // The answer is @simplewebauthn/server's options, passed through untouched (contracts).
      optionsJSON: options.Msg as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
  } catch {
    // Cancelled, timed out or refused by the authenticator: nothing was registered.
    return PROFILE_TEXTS.passkeyFailed;
  }
  const credential = calls.passkeys.passkeyAttestation.safeParse(response);
  if (!credential.success) return PROFILE_TEXTS.passkeyFailed;
  const verified = await api.callApi(calls.passkeys.registerVerify, {
    credential: credential.data,
  });
  return verified.Code === SUCCESS_CODE ? undefined : PROFILE_TEXTS.passkeyFailed;
}
