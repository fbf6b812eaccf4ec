import {
  SESSION_MESSAGES,
  calls,
  encodeBase64,
  messageFor,
  type ErrorCode,
} from '@portico/contracts';
import type { Answer, ApiClient, Failure } from '../../api/client';
import { deviceId } from '../../sso/device-id';
import type { PasskeyAssertion } from './passkey';

/** What the user proves themselves with; the password and MPIN as typed. */
export type ReauthCredential =
  | { method: 'password'; value: string }
  | { method: 'mpin'; value: string }
  | { method: 'passkey'; value: PasskeyAssertion }
  | { method: 'totp'; value: string }
  | { method: 'recovery'; value: string };

export type ReauthRequest = ReauthCredential & {
  /** The client of the session (useSession().client). */
  client: string;
  /** Where the user is: the current page's path (and query). */
  redirect: string;
};

export type ReauthAnswer = Answer<typeof calls.auth.reauth>;

/**
 * POST auth.reauth (specification, section 7): lifts an expired session in place, and confirms a
 * sign-in when PIN or passkey is on. The password goes base64 on the wire, the MPIN and the
 * passkey assertion as they are; the browser's device id goes along, so a session cookie carried
 * to another browser meets device verification (device_add). Resolves with the answer;
 * NETWORK_ERROR when none came.
 */
export function reauthenticate(api: ApiClient, request: ReauthRequest): Promise<ReauthAnswer> {
  const { client, redirect } = request;
  const dcd = deviceId();
  switch (request.method) {
    case 'password':
      return api.callApi(calls.auth.reauth, {
        credential_type: 'password',
        credential_value: encodeBase64(request.value),
        client,
        redirect,
        dcd,
      });
    case 'mpin':
      return api.callApi(calls.auth.reauth, {
        credential_type: 'mpin',
        credential_value: request.value,
        client,
        redirect,
        dcd,
      });
    case 'passkey':
      return api.callApi(calls.auth.reauth, {
        credential_type: 'passkey',
        credential_value: request.value,
        client,
        redirect,
        dcd,
      });
    case 'totp':
    case 'recovery':
      return api.callApi(calls.auth.reauth, {
        credential_type: request.method,
        credential_value: request.value,
        client,
        redirect,
        dcd,
      });
  }
}

/**
 * The text for a failed re-authentication (section 8): "<n> attempts remaining.", the blocked
 * text and the rest. Where the sign-in stays silent (no session cookie at all), the dialog still
 * says why it cannot go on: the session is gone.
 */
export function reauthFailureText(failure: Pick<Failure, 'Code' | 'Msg'>): string {
  const retries = calls.auth.retriesDetails.safeParse(failure.Msg);
  const details = retries.success ? { retriesLeft: retries.data.retries_left } : {};
  return messageFor(failure.Code, 'reauth', details) ?? SESSION_MESSAGES.expired;
}

/**
 * Failures after which no credential can help in this dialog: the account is blocked or awaits
 * a reset, the session is gone, or the device or client must go through the login again.
 */
const FINAL_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'account_blocked',
  'account_awaiting_reset',
  'session_invalid',
  'auth_invalid',
  'cookie_err',
  'device_add',
  'callback_invalid',
]);

export function isFinalReauthFailure(code: string): boolean {
  return FINAL_CODES.has(code);
}
