import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { ApiError } from '../http/api-error.js';
import { sessionOf } from '../sessions/session-guard.js';

/** Exports one account may start... */
export const AUDIT_EXPORT_RATE_LIMIT_MAX = 10;
/** ...within this window (ms). Past it: export_rate_limited (429), and nothing is read. */
export const AUDIT_EXPORT_RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * An export reads and streams up to AUDIT_EXPORT_MAX events: any company's admin repeating it
 * in a loop would load the database every tenant shares, and fill the trail with audit.export
 * events. Limited per account, not per IP, and without the IP ban the credential limits record:
 * the caller is signed in, and a ban would shut everyone behind the same office address out
 * of sign-in. Counted in preHandler, after the guard, so the session is known; requests the guard
 * or the schema refuse cost nothing and are not counted.
 */
export function auditExportRateLimit(): RateLimitOptions {
  return {
    max: AUDIT_EXPORT_RATE_LIMIT_MAX,
    timeWindow: AUDIT_EXPORT_RATE_LIMIT_WINDOW_MS,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `audit-export:${sessionOf(request).userId}`,
    // The IP whitelist says an address is trusted, not an account: it does not lift this limit.
    allowList: () => false,
    errorResponseBuilder: () => new ApiError('export_rate_limited'),
  };
}
