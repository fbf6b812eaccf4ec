import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { REAUTH_METHODS } from '../constants.js';
import {
  mpinRule,
  reauthPasswordRule,
  recoveryCodeRule,
  signInPasswordRule,
  signInUsernameRule,
  totpCodeRule,
} from '../rules.js';
import { base64Of } from '../wire.js';
import { GATE_CODES } from '../messages/gates.js';
import { passkeyAssertion } from './passkeys.js';

/** A company the signed-in user may choose (session list). */
export const sessionCompany = z.object({ id: z.string(), name: z.string(), img: z.string() });

/** The MFA flags that travel with sign-in and session details (specification, section 3). */
export const mfaFlags = z.object({
  is_pin_enabled: z.boolean(),
  is_biometrics_enabled: z.boolean(),
  is_passkey_enabled: z.boolean(),
  has_pin_setup: z.boolean(),
  has_passkey_setup: z.boolean(),
  has_totp_setup: z
    .boolean()
    .optional()
    .describe('an authenticator app is in use (ours, docs/mfa.md): it confirms sign-ins too'),
});

export const clientId = z.string().min(1).max(64);
/** Where the user was going: an absolute URL or a path of the portal ("/" by default). */
const redirect = z.string().max(2048);

/** The login response message (section 3); auto-login and device verification answer it too. */
export const loginAnswer = mfaFlags.extend({
  companies: z.array(sessionCompany),
  retries_left: z.number().int(),
  avatar: z.string(),
  dis: z.string(),
  otpref: z.string().optional().describe('present with device_add'),
  second_factor_required: z
    .boolean()
    .optional()
    .describe(
      'ours (docs/mfa.md): the client or one of these companies requires a second factor; a user with none sets one up before choosing a company',
    ),
});

/** `Msg` of a device_add failure: the reference the one-time code was sent under. */
export const deviceAddDetails = z.object({ otpref: z.string() });
/** `Msg` of account_failed and invalid_pin: what the "<n> attempts remaining." text needs. */
export const retriesDetails = z.object({ retries_left: z.number().int() });
/** `Msg` of a gate failure: the application the page names. */
export const gateDetails = z.object({ app: z.string().optional() });
/** `Msg` of session_expired: what the re-authentication dialog shows and preselects. */
export const sessionExpiredDetails = mfaFlags.extend({ dis: z.string(), avatar: z.string() });

export const signIn = defineCall({
  id: 'auth.signIn',
  method: 'POST',
  path: '/v1/auth',
  summary: 'Sign in with username and password (both base64)',
  access: 'public',
  body: z.strictObject({
    uname: base64Of(signInUsernameRule),
    pass: base64Of(signInPasswordRule),
    client: clientId,
    redirect,
    dcd: z.string().min(1).max(256).describe('device fingerprint'),
  }),
  answer: loginAnswer,
  codes: [
    'account_failed',
    'account_blocked',
    'account_awaiting_reset',
    'user_not_found',
    'device_add',
    'mail_failed',
    'rate_limit_exceeded',
    ...GATE_CODES,
  ],
});

/**
 * The credential of the re-authentication dialog (and of the sign-in confirmation step): a
 * base64 password, a plain six-digit MPIN (section 5 lists only passwords as base64), or a
 * passkey assertion answering `passkeys.authOptions`.
 */
const reauthDevice = z
  .string()
  .min(1)
  .max(256)
  .optional()
  .describe(
    "device fingerprint; another than the session's device starts device verification (device_add)",
  );

const reauthCredential = z.discriminatedUnion('credential_type', [
  z.strictObject({
    credential_type: z.literal(REAUTH_METHODS[0]),
    credential_value: base64Of(reauthPasswordRule),
    client: clientId,
    redirect,
    dcd: reauthDevice,
  }),
  z.strictObject({
    credential_type: z.literal(REAUTH_METHODS[1]),
    credential_value: mpinRule,
    client: clientId,
    redirect,
    dcd: reauthDevice,
  }),
  z.strictObject({
    credential_type: z.literal(REAUTH_METHODS[2]),
    credential_value: passkeyAssertion,
    client: clientId,
    redirect,
    dcd: reauthDevice,
  }),
  z.strictObject({
    credential_type: z.literal(REAUTH_METHODS[3]),
    credential_value: totpCodeRule.describe('the 6-digit code of the authenticator app'),
    client: clientId,
    redirect,
    dcd: reauthDevice,
  }),
  z.strictObject({
    credential_type: z.literal(REAUTH_METHODS[4]),
    credential_value: recoveryCodeRule.describe('one unused recovery code'),
    client: clientId,
    redirect,
    dcd: reauthDevice,
  }),
]);

export const reauth = defineCall({
  id: 'auth.reauth',
  method: 'POST',
  path: '/v1/auth/reauth',
  summary:
    'Lift an expired session in place (password, MPIN or passkey); also confirms a sign-in when PIN or passkey is enabled',
  access: 'expired-session',
  body: reauthCredential,
  answer: okMessage,
  codes: [
    'invalid_credentials',
    'account_failed',
    'invalid_pin',
    'invalid_totp',
    'invalid_recovery_code',
    'account_blocked',
    'account_awaiting_reset',
    'passkey_invalid',
    'callback_invalid',
    'device_add',
    'device_type_invalid',
    'unauthorized_device',
    'device_limit_reached',
    'mail_failed',
    'rate_limit_exceeded',
  ],
});

export const autologin = defineCall({
  id: 'auth.autologin',
  method: 'POST',
  path: '/v1/auth/autologin',
  summary: "Sign in to another client with the browser's existing session",
  access: 'public',
  body: z.strictObject({ redirect, client: clientId }),
  answer: loginAnswer,
  codes: [
    'auth_invalid',
    'cookie_err',
    'session_expired',
    'session_invalid',
    'device_add',
    'rate_limit_exceeded',
    ...GATE_CODES,
  ],
});

export const chooseCompany = defineCall({
  id: 'auth.chooseCompany',
  method: 'POST',
  path: '/v1/auth/com',
  summary:
    'Choose the company for this sign-in; issues the one-time code the client application exchanges',
  access: 'session',
  body: z.strictObject({
    com: z.string().min(1).max(64),
    code: z
      .string()
      .max(128)
      .optional()
      .describe(
        'proof-of-possession challenge of a non-Web client with custom_hash (base64url SHA-256 of the verifier it later sends to the exchange as hash); omitted for Web clients',
      ),
    client: clientId,
  }),
  answer: z.object({
    code: z.string().describe('one-time code, short-lived and single use'),
    com: z.string(),
    app: z.string().describe('application name for "Connect to <app>"'),
    redirect: z.string().describe('the registered redirect URL with code and com in its query'),
  }),
  codes: ['rate_limit_exceeded', 'second_factor_required', ...GATE_CODES],
});

export const details = defineCall({
  id: 'auth.details',
  method: 'GET',
  path: '/v1/auth/details',
  summary: 'The session details: names, avatar, e-mail, roles, current company, MFA flags',
  access: 'session',
  answer: mfaFlags.extend({
    dis: z.string(),
    fname: z.string(),
    lname: z.string(),
    avatar: z.string(),
    email: z.string(),
    roles: z.array(z.string()).describe('role ids in the current company'),
    role_names: z
      .record(z.string(), z.string())
      .describe('the name of each role in roles, by its id (the profile shows names, not ids)'),
    com: sessionCompany.nullable().describe('null until a company is chosen'),
    client: z.string().describe('the client this session belongs to'),
    allow_delete: z
      .boolean()
      .describe("whether this session's client lets the user delete their account"),
  }),
  codes: [],
});

export const signOut = defineCall({
  id: 'auth.signOut',
  method: 'POST',
  path: '/v1/auth/signout',
  summary: 'End the session on the server and clear the cookie',
  access: 'public',
  body: z.strictObject({}),
  answer: okMessage,
  codes: ['session_invalid'],
});

export const landingIcon = defineCall({
  id: 'auth.landingIcon',
  method: 'GET',
  path: '/v1/app/iconl',
  summary: "The large icon of the client's application, for the login and landing pages",
  access: 'public',
  query: z.strictObject({ client: clientId }),
  answer: z.string().describe('icon URL; empty when the application has none (default logo)'),
  codes: ['callback_invalid'],
});
