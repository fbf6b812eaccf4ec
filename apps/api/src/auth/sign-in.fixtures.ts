import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { PORTAL_CLIENT_ID, SESSION_COOKIE } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { b64, unique } from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';

/** Test support for the sign-in tests (not a test file itself). */

export const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/**
 * A fresh client address per request: the credential calls are limited per IP (20 a minute)
 * and the brute-force defence bans by IP, so tests must not share one.
 */
export function freshIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface SignInBody {
  uname: string;
  pass: string;
  client?: string;
  redirect?: string;
  dcd?: string;
}

export interface RequestOptions {
  ip?: string;
  ua?: string;
  cookie?: string;
}

function headers(options: RequestOptions): Record<string, string> {
  return {
    'user-agent': options.ua ?? DESKTOP_CHROME,
    ...(options.cookie ? { cookie: options.cookie } : {}),
  };
}

/** POST /v1/auth with the credentials base64-encoded as the portal sends them. */
export function signInRequest(t: TestApp, body: SignInBody, options: RequestOptions = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth',
    remoteAddress: options.ip ?? freshIp(),
    headers: headers(options),
    payload: {
      uname: b64(body.uname),
      pass: b64(body.pass),
      client: body.client ?? PORTAL_CLIENT_ID,
      redirect: body.redirect ?? '/',
      dcd: body.dcd ?? 'fingerprint-1',
    },
  });
}

/** Any call, with a fresh IP and a browser's User-Agent unless told otherwise. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  options: RequestOptions = {},
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? freshIp(),
    headers: headers(options),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A verified device of the user with the fingerprint the sign-in will send (no device_add). */
export async function knownDevice(
  t: TestApp,
  userId: string,
  dcd = 'fingerprint-1',
  status: 'active' | 'blocked' = 'active',
) {
  return t.db.prisma.device.create({
    data: {
      userId,
      fingerprintHash: sha256(dcd),
      name: 'Chrome on Windows',
      type: 'desktop',
      status,
      verifiedAt: new Date(),
    },
  });
}

export const newFingerprint = () => unique('fp-');

/**
 * The session cookie a response set (named with or without the `__Host-` prefix): its name,
 * value and attributes, lowercased.
 */
export function sessionCookieOf(response: LightMyRequestResponse) {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  const names = [SESSION_COOKIE, `__Host-${SESSION_COOKIE}`];
  const line = lines.find((l) => names.some((name) => l.startsWith(`${name}=`)));
  if (!line) return undefined;
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const name = pair.slice(0, pair.indexOf('='));
  return {
    name,
    value: pair.slice(name.length + 1),
    cookie: pair,
    attributes: attributes.map((a) => a.toLowerCase()),
  };
}

/** The six-digit code of the last device mail to `email`. */
export async function deviceCodeFromMail(
  peer: { nextMailTo(to: string): Promise<{ text: string }> },
  email: string,
): Promise<string> {
  const mail = await peer.nextMailTo(email);
  const code = /verification code: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail: ${mail.text}`);
  return code;
}
