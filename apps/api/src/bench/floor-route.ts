import type { FastifyInstance } from 'fastify';
import { sha256 } from '../credentials/tokens.js';
import { sessionCookieName } from '../sessions/cookie.js';

/** The statement of the floor: the session check's indexed read, and nothing else. */
const FLOOR = 'SELECT 1 AS found FROM sessions WHERE token_hash = $1';

/**
 * `pnpm bench`'s one-round-trip floor (issue 16): GET /v1/bench/floor reads the cookie, hashes
 * it and does one indexed SELECT of the session through the same Fastify, cookie parsing and
 * pool as `GET /v1/auth/details`, so the session check can be judged against it. Registered only
 * when BENCH_FLOOR_ROUTE is on (the bench server sets it); it answers nothing a client may use.
 */
export async function benchFloorRoute(app: FastifyInstance): Promise<void> {
  app.get('/v1/bench/floor', async (request) => {
    const token = request.cookies[sessionCookieName(app.config)] ?? '';
    const rows = await app.db.query<{ found: number }>('portico_bench_floor', FLOOR, [
      sha256(token),
    ]);
    return { Code: '200', Msg: rows.length > 0 ? 'found' : 'none' };
  });
}
