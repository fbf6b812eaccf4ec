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
 *
 * The path handed back is resolved once more by the browser, so it must stay too: dot segments
 * resolve away ("/.//evil.test" has the path "//evil.test" on this origin), and that path alone
 * is a scheme-relative URL to another host.
 */
function portalPage(redir: string): string | undefined {
  if (!redir.startsWith('/')) return undefined;
  const here = window.location.origin;
  const url = resolvedHere(redir, here);
  if (!url) return undefined;
  const page = `${url.pathname}${url.search}${url.hash}`;
  return resolvedHere(page, here) ? page : undefined;
}

/** `path` resolved against this origin, when it stays on it. */
function resolvedHere(path: string, here: string): URL | undefined {
  try {
    const url = new URL(path, here);
    return url.origin === here ? url : undefined;
  } catch {
    return undefined;
  }
}
