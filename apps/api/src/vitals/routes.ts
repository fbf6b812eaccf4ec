import type { FastifyInstance } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { calls } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { registerCall } from '../http/register-call.js';

/** Reports one address may send (a closing page sends up to five: one per metric)... */
export const VITALS_RATE_LIMIT_MAX = 300;
/** ...within this window (ms). Past it: rate_limit_exceeded (429), and nothing is logged. */
export const VITALS_RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * Anyone may report, and each report is a log line: without a limit one address could fill the
 * logs at line rate. Counted per address, but without the IP ban the credential limits record:
 * a report is no guess, and a ban would shut everyone behind an office's address out of sign-in.
 */
function vitalsRateLimit(): RateLimitOptions {
  return {
    max: VITALS_RATE_LIMIT_MAX,
    timeWindow: VITALS_RATE_LIMIT_WINDOW_MS,
    hook: 'preValidation',
    errorResponseBuilder: () => new ApiError('rate_limit_exceeded'),
  };
}

/** The portal reports its web-vitals figures when it closes; they go to the logs, nowhere else. */
export async function vitalsRoutes(app: FastifyInstance) {
  registerCall(
    app,
    calls.vitals.report,
    async ({ body }, request) => {
      request.log.info({ vitals: body }, 'web vitals');
      return 'OK';
    },
    { rateLimit: vitalsRateLimit() },
  );
}
