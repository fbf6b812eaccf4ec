import type { z } from 'zod';
import type { ErrorCode } from './codes.js';

/**
 * Who may make a call. The API enforces it from the session alone; the portal uses it to hide
 * what the user may not do.
 * - `public`: anyone, signed in or not.
 * - `session`: a live session (not expired, not ended).
 * - `expired-session`: a session that may have idled out but not ended (re-authentication).
 * - `company-admin`: a live session whose roles in the current company include global.owner or
 *   global.admin.
 * - `platform-admin`: a company administrator of the platform company (core1).
 * - `client`: a client application's server, authenticated by its client id and secret.
 */
export type Access =
  'public' | 'session' | 'expired-session' | 'company-admin' | 'platform-admin' | 'client';

export type HttpMethod = 'GET' | 'POST';

export interface CallDefinition<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** Stable name, `<capability>.<action>`, used by the API, the portal, the docs and the tests. */
  id: string;
  method: HttpMethod;
  path: `/v1/${string}`;
  summary: string;
  access: Access;
  /** JSON payload (POST). Multipart calls describe their fields in `multipart` instead. */
  body?: Body;
  query?: Query;
  /** Path parameters, for paths with `:name` segments (served files). */
  params?: Params;
  /** Field names of a multipart/form-data payload, with the file field first. */
  multipart?: readonly string[];
  /** The schema of `Msg` in a successful answer (for a served file: a description only). */
  answer: Answer;
  /** The failure codes this call may answer, beyond the ones every call may answer. */
  codes: readonly ErrorCode[];
  /** True when the path is ours because the specification does not show it. */
  pathChosen?: boolean;
}

/**
 * Checks a call definition and keeps its exact type, so `signIn.body` is the body schema itself
 * (not "maybe undefined") for the API and the portal.
 */
export function defineCall<const D extends CallDefinition>(def: D): D {
  return def;
}

/** Codes every call may answer; calls list only what they add. */
export const COMMON_CODES = ['incomplete_param', 'server_error', 'unavailable'] as const;

const SESSION_CODES = ['session_expired', 'session_invalid', 'auth_invalid', 'cookie_err'] as const;

/**
 * Codes the access check itself may answer, before the call runs. An expired session passes
 * the `expired-session` check, so that level cannot answer session_expired.
 */
export const ACCESS_CODES: Record<Access, readonly ErrorCode[]> = {
  public: [],
  session: SESSION_CODES,
  'expired-session': ['session_invalid', 'auth_invalid', 'cookie_err'],
  'company-admin': [...SESSION_CODES, 'forbidden'],
  'platform-admin': [...SESSION_CODES, 'forbidden'],
  client: ['client_unauthorized'],
};

/** Every code a call may answer: its own, its access level's and the common ones, once each. */
export function codesOf(call: Pick<CallDefinition, 'codes' | 'access'>): ErrorCode[] {
  return [...new Set<ErrorCode>([...call.codes, ...ACCESS_CODES[call.access], ...COMMON_CODES])];
}
