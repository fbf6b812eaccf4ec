import { NETWORK_ERROR } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, SESSION_MESSAGES, SHELL_MESSAGES } from '@portico/contracts';
import { initialSignInState, signInReducer, type LoginAnswer } from './sign-in-state';

function login(overrides: Partial<LoginAnswer> = {}): LoginAnswer {
  return {
    companies: [{ id: 'acme', name: 'Acme Bank', img: '' }],
    retries_left: 5,
    avatar: '',
    dis: 'Maria Lopez',
    is_pin_enabled: false,
    is_biometrics_enabled: false,
    is_passkey_enabled: false,
    has_pin_setup: false,
    has_passkey_setup: false,
    ...overrides,
  };
}

describe('the sign-in state (section 4)', () => {
  it('starts unsigned with retriesLeft -1', () => {
    expect(initialSignInState).toMatchObject({ signed: false, retriesLeft: -1 });
  });

  it('200 signs in, stores the companies and moves to the company choice', () => {
    const next = signInReducer(initialSignInState, { type: 'signedIn', login: login() });
    expect(next.signed).toBe(true);
    expect(next.companies).toEqual([{ id: 'acme', name: 'Acme Bank', img: '' }]);
    expect(next.step).toEqual({ kind: 'company' });
  });

  it('asks for the PIN or passkey when one is enabled and set up', () => {
    const withPin = login({ is_pin_enabled: true, has_pin_setup: true });
    expect(signInReducer(initialSignInState, { type: 'signedIn', login: withPin }).step).toEqual({
      kind: 'confirm',
    });
    const pinNotSet = login({ is_pin_enabled: true, has_pin_setup: false });
    expect(signInReducer(initialSignInState, { type: 'signedIn', login: pinNotSet }).step).toEqual({
      kind: 'company',
    });
  });

  it('confirms with an authenticator app; a wrong code or recovery code stays on the step', () => {
    const withApp = login({ has_totp_setup: true });
    const confirming = signInReducer(initialSignInState, { type: 'signedIn', login: withApp });
    expect(confirming.step).toEqual({ kind: 'confirm' });
    for (const code of ['invalid_totp', 'invalid_recovery_code'] as const) {
      const refused = signInReducer(confirming, {
        type: 'failed',
        source: 'reauth',
        code,
        msg: { retries_left: 2 },
      });
      expect(refused.step).toEqual({ kind: 'confirm' });
      expect(refused.message).toBe('2 attempts remaining.');
    }
  });

  it('a required second factor the user lacks is set up before the company (docs/mfa.md)', () => {
    const required = login({ second_factor_required: true });
    const setUp = signInReducer(initialSignInState, { type: 'signedIn', login: required });
    expect(setUp.step).toEqual({ kind: 'secondFactor' });
    expect(signInReducer(setUp, { type: 'secondFactorSet' }).step).toEqual({ kind: 'company' });
    // A user who has one confirms with it as usual; nothing to set up.
    const withApp = login({ second_factor_required: true, has_totp_setup: true });
    expect(signInReducer(initialSignInState, { type: 'signedIn', login: withApp }).step).toEqual({
      kind: 'confirm',
    });
  });

  it("the company choice's second_factor_required also leads to the set-up, not a gate page", () => {
    const choosing = signInReducer(initialSignInState, { type: 'signedIn', login: login() });
    const refused = signInReducer(choosing, {
      type: 'failed',
      source: 'choose',
      code: 'second_factor_required',
      msg: 'second_factor_required',
    });
    expect(refused.step).toEqual({ kind: 'secondFactor' });
    expect(refused.message).toBeUndefined();
  });

  it('no companies: Internal error. and the form stays', () => {
    const next = signInReducer(initialSignInState, {
      type: 'signedIn',
      login: login({ companies: [] }),
    });
    expect(next.step).toEqual({ kind: 'credentials' });
    expect(next.message).toBe(LOGIN_MESSAGES.noCompanies);
  });

  it('device_add asks for the code under the reference', () => {
    const next = signInReducer(initialSignInState, {
      type: 'failed',
      source: 'signIn',
      code: 'device_add',
      msg: { otpref: 'ref-1' },
    });
    expect(next).toMatchObject({
      deviceVerificationNeeded: true,
      deviceOtpRef: 'ref-1',
      step: { kind: 'device', verified: false },
    });
  });

  it('a wrong password says how many attempts remain; blocked and rate limit say so', () => {
    const failed = signInReducer(initialSignInState, {
      type: 'failed',
      source: 'signIn',
      code: 'account_failed',
      msg: { retries_left: 3 },
    });
    expect(failed.message).toBe('3 attempts remaining.');
    expect(failed.retriesLeft).toBe(3);
    for (const [code, text] of [
      ['account_blocked', LOGIN_MESSAGES.blocked],
      ['account_awaiting_reset', LOGIN_MESSAGES.awaitingReset],
      ['rate_limit_exceeded', LOGIN_MESSAGES.rateLimited],
      ['NETWORK_ERROR', SHELL_MESSAGES.networkError],
    ] as const) {
      const next = signInReducer(initialSignInState, {
        type: 'failed',
        source: 'signIn',
        code,
        msg: '',
      });
      expect(next.message).toBe(text);
      expect(next.step).toEqual({ kind: 'credentials' });
    }
  });

  it('gate codes and unknown codes become pages, naming the app', () => {
    const gate = signInReducer(initialSignInState, {
      type: 'failed',
      source: 'signIn',
      code: 'access_not_found',
      msg: { app: 'CRM' },
    });
    expect(gate.step).toEqual({ kind: 'gate', code: 'access_not_found', app: 'CRM' });
    const odd = signInReducer(initialSignInState, {
      type: 'failed',
      source: 'signIn',
      code: 'server_error',
      msg: '',
    });
    expect(odd.step).toEqual({ kind: 'gate', code: 'server_error' });
  });

  it('auto-login stays silent without a session and remembers an expired one', () => {
    const tried = signInReducer(initialSignInState, { type: 'started', autologin: true });
    expect(tried.autologging).toBe(true);
    const silent = signInReducer(tried, {
      type: 'failed',
      source: 'autologin',
      code: 'auth_invalid',
      msg: '',
    });
    expect(silent).toMatchObject({ autologging: false, message: undefined });
    expect(silent.step).toEqual({ kind: 'credentials' });
    const expired = signInReducer(tried, {
      type: 'failed',
      source: 'autologin',
      code: 'session_expired',
      msg: { dis: 'Maria' },
    });
    expect(expired).toMatchObject({ sessionExpired: true, message: SESSION_MESSAGES.expired });
  });

  it('auto-login answered unavailable stays on the form (the outage page is the icon check)', () => {
    const tried = signInReducer(initialSignInState, { type: 'started', autologin: true });
    const down = signInReducer(tried, {
      type: 'failed',
      source: 'autologin',
      code: 'unavailable',
      msg: 'unavailable',
    });
    expect(down.step).toEqual({ kind: 'credentials' });
    expect(down).toMatchObject({ autologging: false, message: undefined });
  });

  it("auto-login's session_expired keeps the MFA information (section 4)", () => {
    const info = {
      dis: 'Maria Lopez',
      avatar: '/v1/images/a1',
      is_pin_enabled: true,
      is_biometrics_enabled: false,
      is_passkey_enabled: false,
      has_pin_setup: true,
      has_passkey_setup: false,
    };
    const expired = signInReducer(initialSignInState, {
      type: 'failed',
      source: 'autologin',
      code: 'session_expired',
      msg: info,
    });
    expect(expired).toMatchObject({ sessionExpired: true, expired: info });
    // A later sign-in forgets it.
    const signed = signInReducer(expired, {
      type: 'signedIn',
      login: { ...info, companies: [], retries_left: 5 },
    });
    expect(signed.expired).toBeUndefined();
  });

  it('device verified: message first, then the journey continues from the login answer', () => {
    const asked = signInReducer(initialSignInState, {
      type: 'failed',
      source: 'signIn',
      code: 'device_add',
      msg: { otpref: 'ref-1' },
    });
    const wrong = signInReducer(asked, {
      type: 'failed',
      source: 'verify',
      code: 'invalid_otp',
      msg: '',
    });
    expect(wrong.message).toBe('Invalid OTP code. Please try again.');
    // Any other failure of the code step, a lost connection included: section 8's "other".
    for (const code of [NETWORK_ERROR, 'mail_failed', 'rate_limit_exceeded']) {
      const failed = signInReducer(asked, { type: 'failed', source: 'verify', code, msg: '' });
      expect(failed.message, code).toBe('An error occurred during verification.');
    }
    const verified = signInReducer(wrong, { type: 'deviceVerified', login: login() });
    expect(verified.step).toEqual({ kind: 'device', verified: true });
    expect(signInReducer(verified, { type: 'continueAfterDevice' }).step).toEqual({
      kind: 'company',
    });
  });

  it('choosing a company lands on the connect page; Deny keeps the browser here', () => {
    const choice = { code: 'c', com: 'acme', app: 'CRM', redirect: 'https://crm.test/cb?code=c' };
    const landed = signInReducer(initialSignInState, { type: 'chose', choice });
    expect(landed.step).toEqual({ kind: 'landing', choice });
    expect(landed.currentCompany).toBe('acme');
    expect(signInReducer(landed, { type: 'denied' }).step).toEqual({ kind: 'denied', app: 'CRM' });
  });
});
