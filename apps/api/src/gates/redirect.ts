import { hasAmbiguousPath } from '@portico/contracts';

/**
 * Where a sign-in may send the browser afterwards (the `redirect` of sign-in and auto-login).
 * Acceptable: nothing or "/" (the portal's start page), a path of the portal starting with a
 * single "/" (never "//" or "/\", which browsers read as another host), or an absolute URL whose
 * origin is the client's registered redirect's origin and whose path starts with its path, on a
 * segment boundary (so `/callback` does not admit `/callback-evil`), compared after parsing:
 * a path with a dot segment or an encoded dot, slash or backslash is refused outright, since a
 * server or router could decode it into another place. Anything else is refused
 * (callback_invalid): the portal must never become an open redirector.
 */
export function isAcceptableRedirect(redirect: string, registered: string): boolean {
  if (redirect === '' || redirect === '/') return true;
  // Control characters and backslashes are never needed and are how filters get confused.
  if (hasUnsafeCharacter(redirect)) return false;
  // Dot segments and encoded separators could be read another way after this comparison.
  if (hasAmbiguousPath(redirect)) return false;
  if (redirect.startsWith('/')) return !redirect.startsWith('//');
  let target: URL;
  let base: URL;
  try {
    target = new URL(redirect);
    base = new URL(registered);
  } catch {
    return false;
  }
  // A URL of a non-special scheme has the opaque origin "null", equal to every other one's: only
  // a tuple origin (scheme, host, port) can be compared.
  if (target.origin === 'null' || target.origin !== base.origin) return false;
  if (target.username !== '' || target.password !== '') return false;
  return pathStartsWith(target.pathname, base.pathname);
}

function pathStartsWith(path: string, prefix: string): boolean {
  if (prefix === '/' || path === prefix) return true;
  const withSlash = prefix.endsWith('/') ? prefix : `${prefix}/`;
  return path.startsWith(withSlash);
}

function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return true;
  }
  return false;
}
