import { OIDC_CALLBACK_PATH, PORTAL_CLIENT_ID } from '@portico/contracts';
import type { Choice } from './sign-in-state';

/**
 * Where the browser goes: the client's registered redirect with code and com (the API built
 * it). The portal's own sign-in returns to the page the person came from when `redir` names one
 * of its pages on this origin (the session-expired link, a bookmarked screen), else to the start
 * page. A sign-in the OpenID Provider started returns to the provider on this origin with the
 * same code and com.
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
  const page = client === PORTAL_CLIENT_ID ? portalPage(redir) : undefined;
  return page ?? choice.redirect;
}

/**
 * A page of the portal, as the browser will read it: `redir` resolved against this origin must
 * stay on it. Testing the string alone is not enough: a browser reads "\" as "/" and drops tabs
 * and newlines, so "/\evil.test" or "/<tab>/evil.test" is another host.
 */
function portalPage(redir: string): string | undefined {
  if (!redir.startsWith('/')) return undefined;
  const here = window.location.origin;
  let url: URL;
  try {
    url = new URL(redir, here);
  } catch {
    return undefined;
  }
  return url.origin === here ? `${url.pathname}${url.search}${url.hash}` : undefined;
}
