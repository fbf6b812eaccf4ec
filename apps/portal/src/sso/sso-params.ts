import { useSearchParams } from 'react-router-dom';
import { PORTAL_CLIENT_ID } from '@portico/contracts';

export interface SsoParams {
  /** The client application signing in (the portal's own by default). */
  client: string;
  /** Where the user was going (section 2: redir defaults to /). */
  redir: string;
  /**
   * `prompt=login`: a fresh sign-in was asked for (an OpenID Connect client's prompt=login or
   * max_age), so the browser's live session does not sign in by itself.
   */
  fresh: boolean;
}

/** `/sso?client=&redir=` (specification, section 2). */
export function useSsoParams(): SsoParams {
  const [params] = useSearchParams();
  return {
    client: params.get('client') || PORTAL_CLIENT_ID,
    redir: params.get('redir') || '/',
    fresh: params.get('prompt') === 'login',
  };
}

/**
 * What another screen may hand the login in the history entry's state: a device verification
 * already started (a re-authentication from a browser that is not the session's device).
 */
export interface SsoEntryState {
  deviceOtpRef: string;
}

/** The device reference handed over in `state`, if any (anything else there is ignored). */
export function deviceOtpRefOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const ref = (state as Partial<SsoEntryState>).deviceOtpRef;
  return typeof ref === 'string' && ref !== '' ? ref : undefined;
}
