import type { FastifyInstance } from 'fastify';
import { sha256 } from '../credentials/tokens.js';
import { sessionCookieName } from '../sessions/cookie.js';
import { sessionStateReadCounts } from '../sessions/session-state-reads.js';

/** The statement of the floor: the session check's indexed read, and nothing else. */
const FLOOR = 'SELECT 1 AS found FROM sessions WHERE token_hash = $1';

/**
 * `pnpm bench`'s one-round-trip floor (issue 16): GET /v1/bench/floor reads the cookie, hashes
 * it and does one indexed SELECT of the session through the same Fastify, cookie parsing and
 * pool as `GET /v1/auth/details`, so the session check can be judged against it. Registered only
 * when BENCH_FLOOR_ROUTE is on (the bench server sets it), with GET /v1/bench/session-reads; they
 * answer nothing a client may use.
 */
export async function benchFloorRoute(app: FastifyInstance): Promise<void> {
  app.get('/v1/bench/floor', async (request) => {
    const token = request.cookies[sessionCookieName(app.config)] ?? '';
    const rows = await app.db.query<{ found: number }>('portico_bench_floor', FLOOR, [
      sha256(token),
    ]);
    return { Code: '200', Msg: rows.length > 0 ? 'found' : 'none' };
  });
  // How many session states the guards read and in how many statements (the bench prints how
  // many reads shared a statement beside the floor's one statement per request).
  app.get('/v1/bench/session-reads', async () => ({
    Code: '200',
    ...sessionStateReadCounts(app.db),
  }));
}
