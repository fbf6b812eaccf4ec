import type { FastifyReply } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { SESSION_COOKIE } from '@portico/contracts';
import type { Config } from '../config.js';

/**
 * The session cookie: HttpOnly, SameSite=Lax, path /, and Secure unless the portal is served
 * over plain http on localhost (a browser drops Secure cookies there). Its lifetime is the
 * client's session TTL, so the browser forgets it when the server would refuse it anyway.
 *
 * Wherever it is Secure its name carries the `__Host-` prefix: a browser then accepts it only
 * from this exact origin over https with path / and no Domain, so a sibling subdomain or a
 * plain-http page cannot plant a session cookie of its own (fixation across subdomains).
 */
export function sessionCookieName(config: Pick<Config, 'PUBLIC_URL'>): string {
  return isPlainHttpLocalhost(config.PUBLIC_URL) ? SESSION_COOKIE : `__Host-${SESSION_COOKIE}`;
}

export function sessionCookieOptions(
  config: Config,
  maxAgeSeconds: number,
): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: !isPlainHttpLocalhost(config.PUBLIC_URL),
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(sessionCookieName(config), token, sessionCookieOptions(config, maxAgeSeconds));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    ...sessionCookieOptions(config, 0),
    maxAge: undefined,
  });
}

/** The last PUBLIC_URL asked about and its answer: every guarded request names the cookie. */
let lastAsked: { publicUrl: string; plain: boolean } | undefined;

function isPlainHttpLocalhost(publicUrl: string): boolean {
  if (lastAsked?.publicUrl === publicUrl) return lastAsked.plain;
  const url = new URL(publicUrl);
  const plain =
    url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  lastAsked = { publicUrl, plain };
  return plain;
}
