import {
  LOGIN_MESSAGES,
  NETWORK_ERROR,
  SHELL_MESSAGES,
  calls,
  messageFor,
  needsConfirmation,
} from '@portico/contracts';
import type { z } from 'zod';
import type { Success } from '../api/client';

export type LoginAnswer = Success<typeof calls.auth.signIn>['Msg'];
export type Company = LoginAnswer['companies'][number];
export type Choice = Success<typeof calls.auth.chooseCompany>['Msg'];
/** Who an idle session belongs to and how they may re-authenticate (auto-login's answer). */
export type ExpiredSession = z.output<typeof calls.auth.sessionExpiredDetails>;

/** Where the journey is: one card at a time. */
export type Step =
  | { kind: 'credentials' }
  | { kind: 'device'; verified: boolean }
  | { kind: 'confirm' }
  | { kind: 'secondFactor' }
  | { kind: 'company' }
  | { kind: 'landing'; choice: Choice }
  | { kind: 'denied'; app: string }
  | { kind: 'gate'; code: string; app?: string };

/**
 * The authentication state of section 4 (its field names), plus the step on screen, the login
 * answer (names and MFA flags for the confirmation step) and the message under the form.
 */
export interface SignInState {
  signingIn: boolean;
  signed: boolean;
  autologging: boolean;
  sessionExpired: boolean;
  /** The MFA information auto-login's session_expired carried (section 4), kept for re-auth. */
  expired: ExpiredSession | undefined;
  deviceVerificationNeeded: boolean;
  deviceOtpRef: string;
  retriesLeft: number;
  currentCompany: string | undefined;
  companies: Company[];
  login: LoginAnswer | undefined;
  message: string | undefined;
  step: Step;
}

export const initialSignInState: SignInState = {
  signingIn: false,
  signed: false,
  autologging: false,
  sessionExpired: false,
  expired: undefined,
  deviceVerificationNeeded: false,
  deviceOtpRef: '',
  retriesLeft: -1,
  currentCompany: undefined,
  companies: [],
  login: undefined,
  message: undefined,
  step: { kind: 'credentials' },
};

/** Who answered: the message texts and what a silent code means depend on it. */
export type Source = 'signIn' | 'autologin' | 'reauth' | 'verify' | 'confirm' | 'choose';

export type SignInEvent =
  | { type: 'started'; autologin?: boolean }
  | { type: 'signedIn'; login: LoginAnswer }
  | { type: 'failed'; source: Source; code: string; msg: unknown }
  | { type: 'deviceVerified'; login: LoginAnswer }
  | { type: 'continueAfterDevice' }
  | { type: 'confirmed' }
  | { type: 'secondFactorSet' }
  | { type: 'chose'; choice: Choice }
  | { type: 'denied' }
  | { type: 'restart' };

/**
 * Codes a step answers in place, under its form; every other failure (the gate codes and
 * anything unexpected) is a page of its own (section 8, sign-in gate pages).
 */
const IN_PLACE_CODES: ReadonlySet<string> = new Set([
  'account_failed',
  'invalid_pin',
  'invalid_totp',
  'invalid_recovery_code',
  'invalid_credentials',
  'passkey_invalid',
  'account_blocked',
  'account_awaiting_reset',
  'rate_limit_exceeded',
  'user_not_found',
  'mail_failed',
  'invalid_otp',
  'auth_invalid',
  'cookie_err',
  'session_invalid',
  'session_expired',
  NETWORK_ERROR,
]);

export function signInReducer(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'started':
      return event.autologin
        ? { ...state, autologging: true }
        : { ...state, signingIn: true, message: undefined };
    case 'signedIn':
      return afterLogin(state, event.login);
    case 'deviceVerified':
      // The success message shows first; the journey continues after a pause (section 4).
      return {
        ...state,
        signingIn: false,
        login: event.login,
        message: undefined,
        step: { kind: 'device', verified: true },
      };
    case 'continueAfterDevice':
      return state.login ? afterLogin(state, state.login) : state;
    case 'confirmed':
      return toCompanies({ ...state, signingIn: false, sessionExpired: false, message: undefined });
    case 'secondFactorSet':
      return toCompanies({ ...state, signingIn: false, message: undefined });
    case 'chose':
      return {
        ...state,
        signingIn: false,
        currentCompany: event.choice.com,
        step: { kind: 'landing', choice: event.choice },
      };
    case 'denied':
      return state.step.kind === 'landing'
        ? { ...state, step: { kind: 'denied', app: state.step.choice.app } }
        : state;
    case 'restart':
      return { ...initialSignInState, retriesLeft: state.retriesLeft };
    case 'failed':
      return afterFailure(state, event);
  }
}

function afterLogin(state: SignInState, login: LoginAnswer): SignInState {
  const signed: SignInState = {
    ...state,
    signingIn: false,
    autologging: false,
    signed: true,
    sessionExpired: false,
    expired: undefined,
    deviceVerificationNeeded: false,
    deviceOtpRef: '',
    retriesLeft: login.retries_left,
    companies: login.companies,
    login,
    message: undefined,
  };
  if (needsConfirmation(login)) return { ...signed, step: { kind: 'confirm' } };
  // docs/mfa.md: the client or a company requires a second factor and the user has none yet.
  if (login.second_factor_required) return { ...signed, step: { kind: 'secondFactor' } };
  return toCompanies(signed);
}

function toCompanies(state: SignInState): SignInState {
  if (state.companies.length === 0) {
    return { ...state, message: LOGIN_MESSAGES.noCompanies, step: { kind: 'credentials' } };
  }
  return { ...state, step: { kind: 'company' } };
}

function afterFailure(
  state: SignInState,
  event: Extract<SignInEvent, { type: 'failed' }>,
): SignInState {
  const settled = { ...state, signingIn: false, autologging: false };
  const details = detailsOf(event.msg);
  if (event.code === 'device_add' && details.otpref) {
    return {
      ...settled,
      deviceVerificationNeeded: true,
      deviceOtpRef: details.otpref,
      message: undefined,
      step: { kind: 'device', verified: false },
    };
  }
  // The company choice's own check of the policy (a company that requires it since sign-in).
  if (event.code === 'second_factor_required') {
    return { ...settled, message: undefined, step: { kind: 'secondFactor' } };
  }
  if (event.source === 'autologin') {
    // Auto-login only tries: without a usable session the login form simply stays. An expired
    // session is remembered (section 4) and said, so the person knows why they sign in again.
    const sessionExpired = event.code === 'session_expired';
    // A server that cannot answer now is not a gate either: the login's own check of the
    // client (its icon) shows the Server Error page with Try again.
    if (IN_PLACE_CODES.has(event.code) || event.code === 'unavailable') {
      const expired = calls.auth.sessionExpiredDetails.safeParse(event.msg);
      return {
        ...settled,
        sessionExpired,
        expired: sessionExpired && expired.success ? expired.data : undefined,
        message: sessionExpired ? messageFor(event.code, 'login') : undefined,
      };
    }
  }
  if (!IN_PLACE_CODES.has(event.code)) {
    return { ...settled, step: { kind: 'gate', code: event.code, app: details.app } };
  }
  const retriesLeft = details.retries_left ?? state.retriesLeft;
  return { ...settled, retriesLeft, message: inPlaceMessage(event, retriesLeft) };
}

function inPlaceMessage(event: Extract<SignInEvent, { type: 'failed' }>, retriesLeft: number) {
  // The code step says section 8's "Device OTP" texts, a lost connection included.
  if (event.source === 'verify' || event.code === 'invalid_otp') {
    return messageFor(event.code, 'deviceOtp');
  }
  if (event.code === NETWORK_ERROR) return SHELL_MESSAGES.networkError;
  if (event.source === 'confirm') return messageFor(event.code, 'reauth', { retriesLeft });
  return messageFor(event.code, 'login', { retriesLeft });
}

interface FailureDetails {
  otpref?: string;
  app?: string;
  retries_left?: number;
}

/** The parts of a failure's Msg the journey uses; anything else in it is ignored. */
function detailsOf(msg: unknown): FailureDetails {
  if (typeof msg !== 'object' || msg === null) return {};
  const { otpref, app, retries_left } = msg as Record<string, unknown>;
  return {
    ...(typeof otpref === 'string' ? { otpref } : {}),
    ...(typeof app === 'string' ? { app } : {}),
    ...(typeof retries_left === 'number' ? { retries_left } : {}),
  };
}
