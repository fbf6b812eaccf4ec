import { OIDC_CALLBACK_PATH, PORTAL_CLIENT_ID } from '@portico/contracts';
import type { Choice } from './sign-in-state';

/**
 * Where the browser goes: the client's registered redirect with code and com (the API built
 * it). The portal's own sign-in returns to the page the person came from when `redir` names one
 * (the session-expired link, a bookmarked screen), else to the start page. A sign-in the OpenID
 * Provider started returns to the provider on this origin with the same code and com.
 */
export function destination(choice: Choice, client: string, redir: string): string {
  if (OIDC_CALLBACK_PATH.test(redir)) {
    const built = new URL(choice.redirect);
    const query = new URLSearchParams({
      code: built.searchParams.get('code') ?? '',
      com: built.searchParams.get('com') ?? '',
    });
    return `${redir}?${query.toString()}`;
  }
  if (client === PORTAL_CLIENT_ID && redir.startsWith('/') && !redir.startsWith('//')) {
    return redir;
  }
  return choice.redirect;
}
