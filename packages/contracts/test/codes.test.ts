import { describe, expect, it } from 'vitest';
import {
  CODES,
  ERROR_CODES,
  NETWORK_ERROR,
  SUCCESS_CODE,
  failureEnvelope,
  isErrorCode,
  isSuccess,
  statusOf,
  successEnvelope,
  okMessage,
} from '../src/index.js';

/** Every code section 8 of the specification names (NETWORK_ERROR is the portal's own). */
const SPEC_CODES = [
  'access_not_found',
  'session_expired',
  'account_blocked',
  'session_invalid',
  'user_not_found',
  'device_add',
  'account_failed',
  'invalid_pin',
  'account_awaiting_reset',
  'rate_limit_exceeded',
  'auth_invalid',
  'cookie_err',
  'invite_expired',
  'invite_accepted',
  'user_already_enrolled',
  'email_already_inuse',
  'verified',
  'forgot_expired',
  'forgot_invalid',
  'forgot_used',
  'invalid_credentials',
  'device_not_found',
  'device_user_mismatch',
  'app_enrolled',
  'incomplete_param',
  'already_whitelisted',
  'invalid_otp',
  'callback_invalid',
  'app_access_prohibited',
  'app_disabled',
  'device_type_invalid',
  'device_limit_reached',
  'unauthorized_device',
  'access_unverified',
  'credential_stuffing_detected',
];

const STATUSES = [400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503];

describe('code catalogue', () => {
  it.each(SPEC_CODES)('includes %s as a specification code', (code) => {
    expect(isErrorCode(code)).toBe(true);
    if (isErrorCode(code)) expect(CODES[code].origin).toBe('spec');
  });

  it('marks every other code as added', () => {
    const added = ERROR_CODES.filter((code) => !SPEC_CODES.includes(code));
    for (const code of added) expect(CODES[code].origin).toBe('added');
    expect(added).toContain('device_in_use');
    expect(added).toContain('passkey_invalid');
  });

  it.each(ERROR_CODES)('%s has an HTTP status of its class', (code) => {
    expect(STATUSES).toContain(statusOf(code));
    expect(statusOf(code)).toBeGreaterThanOrEqual(400);
  });

  it('does not hold the success code or the network code', () => {
    expect(isErrorCode(SUCCESS_CODE)).toBe(false);
    expect(isErrorCode(NETWORK_ERROR)).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('counts "200" and 200 as success, nothing else', () => {
    expect(isSuccess('200')).toBe(true);
    expect(isSuccess(200)).toBe(true);
    expect(isSuccess('201')).toBe(false);
    expect(isSuccess('session_expired')).toBe(false);
  });

  it('keeps the session texts and the silent codes', () => {
    expect(CODES.session_expired.text).toBe('Session expired. Please re-authenticate.');
    expect(CODES.auth_invalid.text).toBe('');
    expect(CODES.cookie_err.text).toBe('');
  });
});

describe('envelope', () => {
  it('wraps a success answer', () => {
    const envelope = successEnvelope(okMessage);
    expect(envelope.safeParse({ Code: '200', Msg: 'done' }).success).toBe(true);
    expect(envelope.safeParse({ Code: 'session_expired', Msg: 'done' }).success).toBe(false);
  });

  it('accepts only catalogue codes in a failure', () => {
    expect(failureEnvelope.safeParse({ Code: 'invalid_otp', Msg: 'no' }).success).toBe(true);
    expect(failureEnvelope.safeParse({ Code: 'nope', Msg: 'no' }).success).toBe(false);
  });
});
