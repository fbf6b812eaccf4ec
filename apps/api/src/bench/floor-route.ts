import type { FastifyInstance } from 'fastify';
import { spendPasswordTime } from '../credentials/account-password.js';
import { verifySecret } from '../credentials/argon2.js';
import { sha256 } from '../credentials/tokens.js';
import { sessionCookieName } from '../sessions/cookie.js';
import { sessionStateReadCounts } from '../sessions/session-state-reads.js';

/** The statement of the floor: the session check's indexed read, and nothing else. */
const FLOOR = 'SELECT 1 AS found FROM sessions WHERE token_hash = $1';

/** SQL of the sign-in floor: the account's hash by its username, before the hash is checked. */
const SIGN_IN_FLOOR_READ = 'SELECT password_hash FROM users WHERE username = $1';

/**
 * SQL of the sign-in floor: one durable write after the hash (a new version of the account's row,
 * its commit flushed), which changes no value, so the route changes nothing a person can see.
 */
const SIGN_IN_FLOOR_WRITE = 'UPDATE users SET last_login_at = last_login_at WHERE username = $1';

const fromBase64 = (value: unknown) =>
  typeof value === 'string' ? Buffer.from(value, 'base64').toString('utf8') : '';

/**
 * `pnpm bench`'s one-round-trip floor (issue 16): GET /v1/bench/floor reads the cookie, hashes
 * it and does one indexed SELECT of the session through the same Fastify, cookie parsing and
 * pool as `GET /v1/auth/details`, so the session check can be judged against it. Registered only
 * when BENCH_FLOOR_ROUTE is on (the bench server sets it), with GET /v1/bench/session-reads and
 * POST /v1/bench/sign-in-floor; they answer nothing a client may use.
 */
export async function benchFloorRoute(app: FastifyInstance): Promise<void> {
  app.get('/v1/bench/floor', async (request) => {
    const token = request.cookies[sessionCookieName(app.config)] ?? '';
    const rows = await app.db.query<{ found: number }>('portico_bench_floor', FLOOR, [
      sha256(token),
    ]);
    return { Code: '200', Msg: rows.length > 0 ? 'found' : 'none' };
  });
  // The sign-in floor: the least a password sign-in costs here, through the same Fastify, pool
  // and argon2 binding as POST /v1/auth: the body's JSON, one indexed read of the account before
  // the hash, the hash on the server's pool, one durable write after it. No gate, no lockout
  // claim, no session, no cookie, no line of its own beside Fastify's two: the bench judges the
  // sign-ins against it beside the hash ceiling (docs/benchmarks.md, nineteenth pass).
  // It answers the same, and does the same work, for a right password, a wrong one and an
  // unknown name, so that a server started with the bench's routes is no password oracle.
  app.post('/v1/bench/sign-in-floor', async (request) => {
    const body = (request.body ?? {}) as { uname?: unknown; pass?: unknown };
    const name = fromBase64(body.uname);
    const password = fromBase64(body.pass);
    const [account] = await app.db.query<{ password_hash: string }>(
      'portico_bench_sign_in_floor_read',
      SIGN_IN_FLOOR_READ,
      [name],
    );
    if (account) await verifySecret(account.password_hash, password);
    else await spendPasswordTime(password);
    await app.db.query('portico_bench_sign_in_floor_write', SIGN_IN_FLOOR_WRITE, [name]);
    return { Code: '200', Msg: 'done' };
  });
  // How many session states the guards read and in how many statements (the bench prints how
  // many reads shared a statement beside the floor's one statement per request).
  app.get('/v1/bench/session-reads', async () => ({
    Code: '200',
    ...sessionStateReadCounts(app.db),
  }));
}
