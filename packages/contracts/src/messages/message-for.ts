import { CODES, isErrorCode } from '../codes.js';
import { NETWORK_ERROR } from '../codes.js';
import { gatePage, isGateCode } from './gates.js';
import {
  DEVICE_MESSAGES,
  FORGOT_MESSAGES,
  FORM_MESSAGES,
  INVITE_MESSAGES,
  LOGIN_MESSAGES,
  MFA_MESSAGES,
  MPIN_MESSAGES,
  REGISTER_MESSAGES,
  RESET_MESSAGES,
  SESSION_MESSAGES,
  WHITELIST_MESSAGES,
  attemptsRemaining,
} from './outcomes.js';

/** The screens whose failure texts depend on the code (section 8). */
export type MessageContext =
  | 'login'
  | 'reauth'
  | 'inviteAccept'
  | 'register'
  | 'forgot'
  | 'reset'
  | 'mpin'
  | 'mfa'
  | 'deviceRemoval'
  | 'deviceOtp'
  | 'whitelist'
  | 'addApp'
  | 'addCompany'
  | 'addBranch';

export interface MessageDetails {
  /** retries_left of account_failed / invalid_pin. */
  retriesLeft?: number;
  /** The server's own message, which the MFA screen prefers to its fallback. */
  serverMessage?: string;
  /** The application a gate page names. */
  app?: string;
}

const SERVER_ERROR_TEXT = CODES.server_error.text;

function loginMessage(code: string, details: MessageDetails): string | undefined {
  switch (code) {
    case 'account_failed':
    case 'invalid_pin':
    case 'invalid_totp':
    case 'invalid_recovery_code':
      return attemptsRemaining(details.retriesLeft ?? 0);
    case 'account_blocked':
      return LOGIN_MESSAGES.blocked;
    case 'account_awaiting_reset':
      return LOGIN_MESSAGES.awaitingReset;
    case 'rate_limit_exceeded':
      return LOGIN_MESSAGES.rateLimited;
    case 'user_not_found':
      return LOGIN_MESSAGES.userNotFound;
    // Silent: the user simply stays signed out.
    case 'auth_invalid':
    case 'cookie_err':
      return undefined;
    case 'session_expired':
    case 'session_invalid':
      return SESSION_MESSAGES.expired;
  }
  if (isGateCode(code)) return gatePage(code, details.app).title;
  return fallback(code);
}

/** Per screen, the text for a failure code; undefined where the screen stays silent. */
const BY_CONTEXT: Record<
  MessageContext,
  (code: string, details: MessageDetails) => string | undefined
> = {
  login: loginMessage,
  reauth: (code, details) =>
    code === NETWORK_ERROR ? SESSION_MESSAGES.reauthNetworkError : loginMessage(code, details),
  inviteAccept: (code) => {
    if (code === 'invite_expired' || code === 'invite_accepted') return INVITE_MESSAGES.expired;
    if (code === 'not_found' || code === 'access_not_found') return INVITE_MESSAGES.unresolved;
    return INVITE_MESSAGES.other;
  },
  register: (code) => {
    if (code === 'user_already_enrolled') return REGISTER_MESSAGES.usernameTaken;
    if (code === 'email_already_inuse') return REGISTER_MESSAGES.emailInUse;
    if (code === 'verified' || code === 'invite_expired') return REGISTER_MESSAGES.inviteExpired;
    if (code === 'password_too_common') return CODES.password_too_common.text;
    return REGISTER_MESSAGES.other;
  },
  forgot: (code) => {
    if (code === 'user_not_found') return FORGOT_MESSAGES.userNotFound;
    if (code === 'account_blocked') return FORGOT_MESSAGES.blocked;
    return FORGOT_MESSAGES.other;
  },
  reset: (code) => {
    if (code === 'forgot_expired') return RESET_MESSAGES.expired;
    if (code === 'forgot_invalid') return RESET_MESSAGES.invalid;
    if (code === 'forgot_used') return RESET_MESSAGES.used;
    if (code === 'password_too_common') return CODES.password_too_common.text;
    if (code === 'password_reused') return CODES.password_reused.text;
    return RESET_MESSAGES.other;
  },
  mpin: (code) => {
    if (code === NETWORK_ERROR) return MPIN_MESSAGES.unexpected;
    return code === 'invalid_credentials' ? MPIN_MESSAGES.invalidCredentials : MPIN_MESSAGES.other;
  },
  mfa: (code, details) => {
    if (code === NETWORK_ERROR) return MFA_MESSAGES.unexpected;
    // "the server message": a sentence the server wrote, never a bare code such as
    // invalid_credentials (the envelope carries the code when there is nothing more to say).
    const server = details.serverMessage;
    if (server !== undefined && server !== '' && server !== code && !isErrorCode(server)) {
      return server;
    }
    if (code === 'invalid_credentials') return MPIN_MESSAGES.invalidCredentials;
    if (code === 'account_blocked' || code === 'rate_limit_exceeded')
      return loginMessage(code, details);
    return MFA_MESSAGES.failure;
  },
  deviceRemoval: (code) => {
    if (code === 'device_not_found') return DEVICE_MESSAGES.notFound;
    if (code === 'device_user_mismatch') return DEVICE_MESSAGES.userMismatch;
    return DEVICE_MESSAGES.removeFailed;
  },
  deviceOtp: (code) =>
    code === 'invalid_otp' ? DEVICE_MESSAGES.invalidOtp : DEVICE_MESSAGES.verifyFailed,
  whitelist: (code) => {
    if (code === 'already_whitelisted') return WHITELIST_MESSAGES.alreadyWhitelisted;
    if (code === 'incomplete_param') return WHITELIST_MESSAGES.required;
    return fallback(code);
  },
  addApp: addMessage,
  addCompany: addMessage,
  addBranch: addMessage,
};

function addMessage(code: string): string {
  if (code === 'app_enrolled') return FORM_MESSAGES.idTaken;
  if (code === 'incomplete_param') return FORM_MESSAGES.required;
  return fallback(code);
}

/** The catalogue's text for a code; the server-error text for anything unknown. */
function fallback(code: string): string {
  if (isErrorCode(code) && CODES[code].text !== '') return CODES[code].text;
  return SERVER_ERROR_TEXT;
}

/**
 * The text a screen shows for an answer code (section 8). Success codes have no failure text;
 * use the screen's own success message.
 */
export function messageFor(
  code: string,
  context: MessageContext,
  details: MessageDetails = {},
): string | undefined {
  return BY_CONTEXT[context](code, details);
}
