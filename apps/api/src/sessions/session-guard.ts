import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMPANY_ADMIN_ROLES, PLATFORM_COMPANY_ID } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { sha256 } from '../credentials/tokens.js';
import type { SessionRow } from './read-session.js';
import { readSession } from './read-session.js';
import { expiredDetailsOf, summaryOf } from './user-summary.js';
import { sessionCookieName } from './cookie.js';

/**
 * The caller's session, once a guard has accepted it; `idle` is true when it idled out (only
 * the expired-session level lets it through).
 */
export type SessionContext = SessionRow;

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

/** A session token is 32 random bytes in base64url; anything else is a damaged cookie. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Activity is written at most once per quarter of the client's timeout (and at least once a
 * minute), never on every request: a session check stays one read.
 */
function touchInterval(timeoutSeconds: number): number {
  return Math.min(timeoutSeconds * 250, 60_000);
}

const TOUCH_SESSION = 'UPDATE sessions SET last_seen_at = $2 WHERE id = $1';

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request.server.config)];
}

/**
 * Reads the request's session and decides: no cookie is auth_invalid, a malformed one
 * cookie_err, an unknown, ended or past-TTL one session_invalid, an idle one session_expired
 * (with what the re-authentication dialog shows) unless `allowIdle`.
 */
export async function requireSession(
  app: FastifyInstance,
  request: FastifyRequest,
  allowIdle: boolean,
): Promise<SessionContext> {
  const token = sessionToken(request);
  if (token === undefined || token === '') throw new ApiError('auth_invalid');
  if (!TOKEN_SHAPE.test(token)) throw new ApiError('cookie_err');
  const row = await readSession(app.db, sha256(token));
  const now = Date.now();
  if (!row || row.endedAt || row.expiresAt.getTime() <= now) {
    throw new ApiError('session_invalid');
  }
  const idleFor = now - row.lastSeenAt.getTime();
  const idle = idleFor > row.activityTimeoutSeconds * 1000;
  if (idle && !allowIdle) {
    throw new ApiError(
      'session_expired',
      expiredDetailsOf(summaryOf(row.profile.user, app.config.PUBLIC_URL)),
    );
  }
  if (!idle && idleFor > touchInterval(row.activityTimeoutSeconds)) {
    // Fire and forget: a lost touch only shortens the idle window by one interval.
    app.db
      .query('portico_touch_session', TOUCH_SESSION, [row.id, new Date(now)])
      .catch((error: unknown) => request.log.warn({ err: error }, 'session touch failed'));
  }
  // readSession's answer is this request's own object: completed in place, not copied again.
  row.idle = idle;
  request.session = row;
  return row;
}

export function isCompanyAdmin(session: SessionContext): boolean {
  return (
    session.companyId !== null && COMPANY_ADMIN_ROLES.some((role) => session.roles.includes(role))
  );
}

export function isPlatformAdmin(session: SessionContext): boolean {
  return session.companyId === PLATFORM_COMPANY_ID && isCompanyAdmin(session);
}

/** The guarded session of a handler whose call is not public (set by its guard). */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new Error('sessionOf: the route has no session guard');
  return request.session;
}
