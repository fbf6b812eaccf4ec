import type { FastifyReply } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { SESSION_COOKIE } from '@portico/contracts';
import type { Config } from '../config.js';

/**
 * The session cookie: HttpOnly, SameSite=Lax, path /, and Secure unless the portal is served
 * over plain http on localhost (a browser drops Secure cookies there). Its lifetime is the
 * client's session TTL, so the browser forgets it when the server would refuse it anyway.
 */
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
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config, maxAgeSeconds));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(config, 0), maxAge: undefined });
}

function isPlainHttpLocalhost(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
