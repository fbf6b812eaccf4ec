/**
 * The catalogue of answer codes (specification, section 8).
 *
 * Every code has the HTTP status that tells its class (so proxies and logs stay meaningful) and
 * the text the portal shows for it when no screen gives a more specific one. The record is typed
 * so that a new code does not compile without a status and a text.
 *
 * `origin: 'spec'` codes are the specification's own; `origin: 'added'` codes are ours, for
 * situations the specification leaves open (authorisation, unknown routes, mail failures, the
 * code exchange). They are documented in docs/api.md.
 */
import { AUDIT_EXPORT_MAX, LOGIN_LOCKOUT_MINUTES } from './constants.js';
import { GATE_TITLES } from './messages/gate-titles.js';
import { REQUIRED } from './rules/field.js';
import { IMAGE_MAX_DIMENSION } from './rules/upload.js';

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;

export interface CodeInfo {
  status: HttpStatus;
  /** The text the portal shows for this code where no screen-specific message applies. */
  text: string;
  origin: 'spec' | 'added';
}

export const SUCCESS_CODE = '200' as const;

const SERVER_ERROR_TEXT = 'Server Error - Server is not responding. Please try again later.';

export const CODES = {
  // Bad input
  incomplete_param: { status: 400, text: REQUIRED, origin: 'spec' },

  // Session
  session_expired: {
    status: 401,
    text: 'Session expired. Please re-authenticate.',
    origin: 'spec',
  },
  session_invalid: {
    status: 401,
    text: 'Session expired. Please re-authenticate.',
    origin: 'spec',
  },
  auth_invalid: { status: 401, text: '', origin: 'spec' },
  cookie_err: { status: 401, text: '', origin: 'spec' },

  // Credentials and accounts
  account_failed: { status: 401, text: '<n> attempts remaining.', origin: 'spec' },
  invalid_credentials: {
    status: 401,
    text: 'Invalid credentials. Please try again.',
    origin: 'spec',
  },
  invalid_pin: { status: 401, text: '<n> attempts remaining.', origin: 'spec' },
  invalid_totp: { status: 401, text: '<n> attempts remaining.', origin: 'added' },
  invalid_recovery_code: {
    status: 401,
    text: 'This recovery code is not valid or was already used.',
    origin: 'added',
  },
  second_factor_required: {
    status: 403,
    text: 'A second factor is required here. Set one up to continue.',
    origin: 'added',
  },
  totp_not_set_up: {
    status: 409,
    text: 'Set up an authenticator app first.',
    origin: 'added',
  },
  user_not_found: { status: 404, text: 'User not found.', origin: 'spec' },
  account_blocked: {
    status: 403,
    text: 'Your account is blocked. Please contact your Administrator.',
    origin: 'spec',
  },
  account_awaiting_reset: {
    status: 403,
    text: 'Password reset initiated. Please check your email to set a new password.',
    origin: 'spec',
  },
  rate_limit_exceeded: {
    status: 429,
    text: `Too many login attempts. Please try again in ${LOGIN_LOCKOUT_MINUTES} minutes.`,
    origin: 'spec',
  },

  // Devices
  device_add: { status: 401, text: 'A new device must be verified.', origin: 'spec' },
  invalid_otp: { status: 401, text: 'Invalid OTP code. Please try again.', origin: 'spec' },
  device_not_found: { status: 404, text: 'Device not found', origin: 'spec' },
  device_user_mismatch: {
    status: 403,
    text: "You don't have permission to remove this device",
    origin: 'spec',
  },
  device_in_use: {
    status: 409,
    text: 'The device in use cannot be removed.',
    origin: 'added',
  },
  passkey_invalid: {
    status: 400,
    text: 'The passkey could not be verified. Please try again.',
    origin: 'added',
  },

  // Invitations and registration
  invite_expired: { status: 409, text: 'invite expired', origin: 'spec' },
  invite_accepted: { status: 409, text: 'invite expired', origin: 'spec' },
  user_already_enrolled: { status: 409, text: 'Username already taken.', origin: 'spec' },
  email_already_inuse: { status: 409, text: 'Email is already in use.', origin: 'spec' },
  verified: {
    status: 409,
    text: 'Unable to register user. Invitation already expired.',
    origin: 'spec',
  },
  access_not_found: { status: 403, text: GATE_TITLES.access_not_found, origin: 'spec' },

  // Password reset
  forgot_expired: { status: 409, text: 'Reset link has expired.', origin: 'spec' },
  forgot_invalid: { status: 404, text: 'Invalid reset link.', origin: 'spec' },
  forgot_used: { status: 409, text: 'Reset link already used.', origin: 'spec' },

  // Administration
  app_enrolled: { status: 409, text: 'Id already taken.', origin: 'spec' },
  already_whitelisted: { status: 409, text: 'IP already whitelisted', origin: 'spec' },

  // Sign-in gates (the information page of section 8 shows their title and text)
  callback_invalid: { status: 400, text: GATE_TITLES.callback_invalid, origin: 'spec' },
  app_access_prohibited: {
    status: 403,
    text: GATE_TITLES.app_access_prohibited,
    origin: 'spec',
  },
  app_disabled: { status: 403, text: GATE_TITLES.app_disabled, origin: 'spec' },
  device_type_invalid: { status: 403, text: GATE_TITLES.device_type_invalid, origin: 'spec' },
  device_limit_reached: {
    status: 403,
    text: GATE_TITLES.device_limit_reached,
    origin: 'spec',
  },
  unauthorized_device: { status: 403, text: GATE_TITLES.unauthorized_device, origin: 'spec' },
  access_unverified: { status: 403, text: GATE_TITLES.access_unverified, origin: 'spec' },
  credential_stuffing_detected: {
    status: 429,
    text: GATE_TITLES.credential_stuffing_detected,
    origin: 'spec',
  },

  // Ours: situations the specification leaves open
  forbidden: {
    status: 403,
    text: 'You do not have permission to do this.',
    origin: 'added',
  },
  origin_refused: {
    status: 403,
    text: 'The request did not come from the portal.',
    origin: 'added',
  },
  not_found: { status: 404, text: 'Not found.', origin: 'added' },
  code_invalid: {
    status: 400,
    text: 'The sign-in code is invalid, expired or already used.',
    origin: 'added',
  },
  client_unauthorized: {
    status: 401,
    text: 'The client credentials are not valid.',
    origin: 'added',
  },
  payload_too_large: { status: 413, text: 'The file is too large.', origin: 'added' },
  password_too_common: {
    status: 400,
    text: 'This password is too common or has appeared in a data breach. Please choose another.',
    origin: 'added',
  },
  password_reused: {
    status: 400,
    text: 'Your new password must be different from your current password.',
    origin: 'added',
  },
  owner_must_transfer: {
    status: 409,
    text: 'You own a company: transfer its ownership before deleting your account.',
    origin: 'added',
  },
  image_too_large: {
    status: 413,
    text: `The image is too large: at most ${IMAGE_MAX_DIMENSION}x${IMAGE_MAX_DIMENSION} pixels.`,
    origin: 'added',
  },
  unsupported_media_type: {
    status: 415,
    text: 'Only png, gif and jpeg images are accepted.',
    origin: 'added',
  },
  mail_failed: {
    status: 502,
    text: 'The e-mail could not be sent. Please try again later.',
    origin: 'added',
  },
  export_too_large: {
    status: 400,
    text: `More than ${AUDIT_EXPORT_MAX.toLocaleString('en')} events match: narrow the filter (a shorter time range) to export them.`,
    origin: 'added',
  },
  export_rate_limited: {
    status: 429,
    text: 'Too many exports in a short time. Please wait a minute and try again.',
    origin: 'added',
  },
  server_error: { status: 500, text: SERVER_ERROR_TEXT, origin: 'added' },
  unavailable: { status: 503, text: SERVER_ERROR_TEXT, origin: 'added' },
} as const satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof CODES;
export type AnswerCode = typeof SUCCESS_CODE | ErrorCode;

export const ERROR_CODES = Object.keys(CODES) as ErrorCode[];

/** The portal's own code for a request that never reached the server. Never sent by the API. */
export const NETWORK_ERROR = 'NETWORK_ERROR' as const;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(CODES, value);
}

/** Both "200" and 200 count as success (specification, section 7). */
export function isSuccess(code: unknown): boolean {
  return code === SUCCESS_CODE || code === 200;
}

export function statusOf(code: ErrorCode): HttpStatus {
  return CODES[code].status;
}
