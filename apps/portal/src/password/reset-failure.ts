import { SCREENS } from '../screens';

/**
 * Router state /reset leaves for /forgot when the link cannot be used (section 2 redirects;
 * section 8 names the failure), so /forgot can say why the user is there.
 */
export interface ForgotLocationState {
  resetFailure?: string;
}

/** The answers that mean the link itself is unusable: the user needs a new one. */
const LINK_FAILURES = new Set(['forgot_expired', 'forgot_invalid', 'forgot_used']);

export function isLinkFailure(code: string): boolean {
  return LINK_FAILURES.has(code) || code === 'incomplete_param';
}

/** The reset code of the failure /forgot explains: a malformed code is an invalid link. */
export function linkFailureCode(code: string): string {
  return LINK_FAILURES.has(code) ? code : 'forgot_invalid';
}

export function forgotRedirect(code: string) {
  const state: ForgotLocationState = { resetFailure: linkFailureCode(code) };
  return { to: SCREENS.forgot.path, state, replace: true } as const;
}
