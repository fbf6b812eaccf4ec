import { z } from 'zod';
import {
  CLIENT_DEFAULTS,
  CLIENT_LIMITS,
  PLATFORMS,
  PLATFORM_VALUES,
  type Platform,
  type PlatformValue,
} from '../constants.js';

/** Client (OAuth-style application client) rules of section 5. */
export const CLIENT_MESSAGES = {
  activityMin: 'Minimum activity timeout is 1 minute',
  activityMax: 'Maximum activity timeout is 1 day',
  ttlMin: 'Minimum TTL is 1 hour',
  ttlMax: 'Maximum TTL is 30 days',
  deviceLimit: 'Device limit must be between 1 and 100',
  loginRetryLimit: 'Login retry limit must be between 3 and 20',
  redirect: 'Redirect URL must be a valid HTTPS URL',
} as const;

const M = CLIENT_MESSAGES;
const L = CLIENT_LIMITS;

function boundedInt(min: number, max: number, minMessage: string, maxMessage: string) {
  return z
    .number({ error: minMessage })
    .int({ error: minMessage })
    .min(min, { error: minMessage })
    .max(max, { error: maxMessage });
}

/** Seconds. */
export const activityTimeoutRule = boundedInt(
  L.session_activity_timeout.min,
  L.session_activity_timeout.max,
  M.activityMin,
  M.activityMax,
);
/** Seconds. */
export const sessionTtlRule = boundedInt(L.session_ttl.min, L.session_ttl.max, M.ttlMin, M.ttlMax);
export const deviceLimitRule = boundedInt(
  L.device_limit.min,
  L.device_limit.max,
  M.deviceLimit,
  M.deviceLimit,
);
export const loginRetryLimitRule = boundedInt(
  L.login_retry_limit.min,
  L.login_retry_limit.max,
  M.loginRetryLimit,
  M.loginRetryLimit,
);

/** A typed number, or `fallback` when the text is not numeric (device and retry limits). */
export function numberOr(input: unknown, fallback: number): number {
  if (typeof input === 'number') return Number.isFinite(input) ? input : fallback;
  if (typeof input !== 'string' || input.trim() === '') return fallback;
  const value = Number(input);
  return Number.isFinite(value) ? value : fallback;
}

export function deviceLimitFrom(input: unknown): number {
  return numberOr(input, CLIENT_DEFAULTS.device_limit);
}

export function loginRetryLimitFrom(input: unknown): number {
  return numberOr(input, CLIENT_DEFAULTS.login_retry_limit);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** The path of a URL or of a reference starting with "/", as written (before any parsing). */
function rawPathOf(value: string): string {
  const afterAuthority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(value);
  const rest = afterAuthority ? value.slice(afterAuthority[0].length) : value;
  return rest.split(/[?#]/, 1)[0] ?? '';
}

/**
 * Whether a redirect's path could be read two ways: a dot segment ("." or "..", also with a
 * ";" parameter, which Tomcat and others read as ".."), or an encoded dot, slash, backslash,
 * percent or NUL, which a server may decode after the comparison ("/callback/%2E%2E%2Fadmin",
 * "/%2F%2Fevil"). Redirects are compared after parsing (scheme, host, port, path), so such
 * paths are refused, as OAuth 2.1 and ASVS 10.4.1 ask.
 */
export function hasAmbiguousPath(value: string): boolean {
  const path = rawPathOf(value);
  if (/%(2e|2f|5c|25|00)/i.test(path)) return true;
  return path.split('/').some((segment) => /^\.{1,2}(;.*)?$/.test(segment));
}

/**
 * An absolute https URL; plain http only for a local development host. Fragments are refused:
 * the code and company are appended to the query, and a fragment would hide them from servers.
 */
export function isRedirectUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '' || url.hash !== '' || value.includes('#')) {
    return false;
  }
  if (hasAmbiguousPath(value)) return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}

/**
 * A plain-http redirect to the developer's own machine. The rules accept it; a server in
 * production refuses it unless its operator allows it (LOCALHOST_REDIRECTS).
 */
export function isLocalRedirect(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

export const REDIRECT_MAX = 2048;

export const redirectUrlRule = z
  .string({ error: M.redirect })
  .trim()
  .min(1, { error: M.redirect })
  .max(REDIRECT_MAX, { error: M.redirect })
  .refine(isRedirectUrl, { error: M.redirect });

/** Platforms travel lowercased. */
export const platformRule = z.enum(PLATFORM_VALUES);

export function platformValue(platform: Platform | PlatformValue): PlatformValue {
  return platform.toLowerCase() as PlatformValue;
}

/** The label the portal shows for a platform value. */
export function platformLabel(value: PlatformValue): Platform {
  return PLATFORMS[PLATFORM_VALUES.indexOf(value)] ?? 'Web';
}

/** Custom hashing is for non-Web clients only: on Web it is forced off. */
export function customHashFor(platform: Platform | PlatformValue, customHash: boolean): boolean {
  return platformValue(platform) === 'web' ? false : customHash;
}

/** What the client editor holds: numbers may still be the text the user typed. */
export interface ClientForm {
  app: string;
  desc: string;
  redirect: string;
  domain: string;
  platform: Platform | PlatformValue;
  custom_hash: boolean;
  allow_delete: boolean;
  allow_multiple_sessions: boolean;
  session_activity_timeout?: number | string;
  session_ttl?: number | string;
  device_limit?: number | string;
  login_retry_limit?: number | string;
}

export interface ClientPayload {
  app: string;
  desc: string;
  redirect: string;
  domain: string;
  platform: PlatformValue;
  custom_hash: boolean;
  allow_delete: boolean;
  allow_multiple_sessions: boolean;
  session_activity_timeout?: number;
  session_ttl?: number;
  device_limit?: number;
  login_retry_limit?: number;
}

function positive(value: number): number | undefined {
  return value > 0 ? value : undefined;
}

/**
 * The client payload of section 5: platform lowercased, custom hashing off on Web, and the
 * optional numbers sent only when greater than 0 (limits fall back to 5 when not numeric).
 */
export function buildClientPayload(form: ClientForm): ClientPayload {
  const payload: ClientPayload = {
    app: form.app,
    desc: form.desc,
    redirect: form.redirect,
    domain: form.domain,
    platform: platformValue(form.platform),
    custom_hash: customHashFor(form.platform, form.custom_hash),
    allow_delete: form.allow_delete,
    allow_multiple_sessions: form.allow_multiple_sessions,
  };
  const activity = positive(numberOr(form.session_activity_timeout, 0));
  const ttl = positive(numberOr(form.session_ttl, 0));
  if (activity !== undefined) payload.session_activity_timeout = activity;
  if (ttl !== undefined) payload.session_ttl = ttl;
  // The limits exist only on update; when the editor has them, non-numeric text means 5.
  if (form.device_limit !== undefined) {
    const limit = positive(deviceLimitFrom(form.device_limit));
    if (limit !== undefined) payload.device_limit = limit;
  }
  if (form.login_retry_limit !== undefined) {
    const limit = positive(loginRetryLimitFrom(form.login_retry_limit));
    if (limit !== undefined) payload.login_retry_limit = limit;
  }
  return payload;
}

/** A new client's editor: multiple sessions allowed by default, the section 9 defaults. */
export function newClientForm(app: string): ClientForm {
  return {
    app,
    desc: '',
    redirect: '',
    domain: '',
    platform: 'Web',
    custom_hash: false,
    allow_delete: false,
    allow_multiple_sessions: true,
    session_activity_timeout: CLIENT_DEFAULTS.session_activity_timeout,
    session_ttl: CLIENT_DEFAULTS.session_ttl,
  };
}
