import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { isDependencyOutage } from '../http/dependency-outage.js';

/** How a sign-in was made, as portico_sign_ins_total's `method` label says. */
export type CountedSignIn = 'password' | 'device_code' | 'autologin';

/**
 * Runs one sign-in call and counts its outcome: `success`, or the code it answered (a closed
 * list: the catalogue), `unavailable` in an outage, `server_error` for anything else. With
 * metrics off it only runs the call.
 */
export async function countSignIn<T>(
  app: FastifyInstance,
  method: CountedSignIn,
  run: () => Promise<T>,
): Promise<T> {
  const counter = app.metrics?.signIns;
  if (!counter) return run();
  try {
    const answer = await run();
    counter.inc({ method, outcome: 'success' });
    return answer;
  } catch (error) {
    const outcome =
      error instanceof ApiError
        ? error.code
        : isDependencyOutage(error)
          ? 'unavailable'
          : 'server_error';
    counter.inc({ method, outcome });
    throw error;
  }
}
