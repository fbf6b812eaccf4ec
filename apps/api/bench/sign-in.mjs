// Sign-in and session-check benchmarks (part of `pnpm bench`, called by run.mjs). They start
// their own API process on a fresh database of their own (portico_bench_signin, dropped and
// created each run), seed users with verified devices and access, and whitelist 127.0.0.1 so the
// per-IP limits (20 sign-ins a minute) and the credential-stuffing ban do not bite: the figures
// are the server's, not the defence's. Nothing is asserted; figures and ratios are printed.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
// The server's own hashing (built by `pnpm bench`), so seeded hashes have its parameters.
import { hashSecret } from '../dist/credentials/argon2.js';
import {
  BROWSER_USER_AGENT as USER_AGENT,
  freshDatabase,
  ms,
  pct,
  percentile,
  startBenchServer,
  stopServer,
  timedRun,
} from './bench-server.mjs';
import { describeCeiling, measureHashCeiling } from './hash-ceiling.mjs';

const PORT = Number(process.env.BENCH_SIGNIN_PORT ?? 1298);
const BASE = `http://127.0.0.1:${PORT}`;
const DATABASE = 'portico_bench_signin';

/** Distinct accounts the sign-in load cycles through (per-account limits never matter). */
const USERS = 200;
/** Sessions the session-check load cycles through. */
const SESSIONS = 50;
/** Concurrent sign-ins: two per core keeps both hashing threads busy without long queues. */
const SIGN_IN_CONNECTIONS = 4;
const SESSION_CONNECTIONS = 50;
const DURATION_S = 10;
/**
 * Unmeasured load first: the server's code is compiled by V8 and every pooled connection has
 * prepared its statements, as on a server that has been up for a while.
 */
const WARM_UP_S = 2;
const PASSWORD = 'Bench-Password-1';
const FINGERPRINT = 'bench-device';
const COMPANY = 'benchco';

const b64 = (text) => Buffer.from(text, 'utf8').toString('base64');
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const username = (i) => `bench_user_${String(i).padStart(4, '0')}`;

/**
 * After the server has migrated and bootstrapped: a company, USERS accounts sharing one
 * argon2id hash (each verify still costs a full hash), each with a verified device and an admin
 * grant in the company, and 127.0.0.1 on the whitelist. Written before any limited call, so the
 * server's whitelist copy (read on first use) includes it.
 */
async function seed(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const hash = await hashSecret(PASSWORD);
  await db.query('BEGIN');
  await db.query(`INSERT INTO companies (id, name) VALUES ($1, 'Bench Company')`, [COMPANY]);
  await db.query(
    `INSERT INTO ip_whitelist (ip, description) VALUES ('127.0.0.1', 'benchmark load generator')`,
  );
  for (let i = 0; i < USERS; i += 1) {
    const name = username(i);
    const {
      rows: [user],
    } = await db.query(
      `INSERT INTO users (id, username, email, display_name, password_hash)
       VALUES (gen_random_uuid()::text, $1, $2, $3, $4) RETURNING id, email`,
      [name, `${name}@bench.test`, `Bench User ${i}`, hash],
    );
    await db.query(
      `INSERT INTO devices (id, user_id, fingerprint_hash, name, type, verified_at)
       VALUES (gen_random_uuid()::text, $1, $2, 'Chrome on Windows', 'desktop', now())`,
      [user.id, sha256(FINGERPRINT)],
    );
    const {
      rows: [access],
    } = await db.query(
      `INSERT INTO access (id, company_id, app_id, email, user_id, status, accepted_at)
       VALUES (gen_random_uuid()::text, $1, 'global', $2, $3, 'verified', now()) RETURNING id`,
      [COMPANY, user.email, user.id],
    );
    await db.query(
      `INSERT INTO access_roles (access_id, app_id, role_id) VALUES ($1, 'global', 'admin')`,
      [access.id],
    );
  }
  await db.query('COMMIT');
  // Statistics, as autovacuum keeps them on a live database: the plans are chosen with them.
  await db.query('ANALYZE');
  await db.end();
}

function signInBody(i) {
  return JSON.stringify({
    uname: b64(username(i)),
    pass: b64(PASSWORD),
    client: 'portico-portal',
    redirect: '/',
    dcd: FINGERPRINT,
  });
}

/** One real sign-in; its session cookie (Cookie header form). */
async function signIn(i) {
  const res = await fetch(`${BASE}/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    body: signInBody(i),
  });
  const answer = await res.json();
  const cookie = res.headers
    .getSetCookie()
    .find((line) => /^(__Host-)?portico_session=/.test(line));
  if (answer.Code !== '200' || !cookie) {
    throw new Error(`bench sign-in failed: ${JSON.stringify(answer)}`);
  }
  return cookie.split(';')[0];
}

/** autocannon, with every response time kept (autocannon reports no p95), after a warm-up. */
async function load(options) {
  await run({ ...options, duration: WARM_UP_S });
  return run(options);
}

function run(options) {
  return timedRun({ duration: DURATION_S, ...options });
}

/** Password sign-ins cycling through the seeded accounts, against the hash ceiling. */
async function benchSignIns(ceiling) {
  let next = 0;
  const bodies = Array.from({ length: USERS }, (_, i) => signInBody(i));
  const signIns = await load({
    url: `${BASE}/v1/auth`,
    method: 'POST',
    connections: SIGN_IN_CONNECTIONS,
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    requests: [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % USERS] }) }],
  });
  const perSecond = signIns.result.requests.average;
  console.log(
    `POST /v1/auth (password sign-in)     ${perSecond.toFixed(1).padStart(7)} req/s   ` +
      `p50 ${ms(percentile(signIns.times, 50))}   p95 ${ms(percentile(signIns.times, 95))}   ` +
      `non-2xx ${signIns.result.non2xx}   errors ${signIns.result.errors}   ` +
      `(${SIGN_IN_CONNECTIONS} connections)`,
  );
  console.log(
    `  argon2id ceiling ${ceiling.perSecond.toFixed(1)} hashes/s (UV_THREADPOOL_SIZE=${ceiling.poolSize}, ` +
      `as the server): sign-ins reach ` +
      `${pct(perSecond / ceiling.perSecond)} of it (target >= 85%)`,
  );
}

/** `url` with the cookies of the signed-in sessions, one per request in turn. */
function withCookies(url, cookies) {
  let turn = 0;
  return load({
    url,
    connections: SESSION_CONNECTIONS,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, cookie: cookies[turn++ % cookies.length] },
        }),
      },
    ],
  });
}

function loadLine(title, runResult) {
  const perSecond = runResult.result.requests.average;
  const p99 = percentile(runResult.times, 99);
  console.log(
    `${title.padEnd(36)} ${perSecond.toFixed(0).padStart(7)} req/s   ` +
      `p50 ${ms(percentile(runResult.times, 50))}   p99 ${ms(p99)}   ` +
      `non-2xx ${runResult.result.non2xx}   errors ${runResult.result.errors}`,
  );
  return { perSecond, p99 };
}

/**
 * auth.details with the cookies of SESSIONS real sign-ins, beside the one-round-trip floor
 * (GET /v1/bench/floor: the same cookie, one indexed SELECT of the session, through the same
 * Fastify and pool) measured the same way in the same run (issue 16).
 */
async function benchSessionChecks() {
  const cookies = [];
  for (let i = 0; i < SESSIONS; i += 1) cookies.push(await signIn(i));
  const floor = loadLine(
    'GET /v1/bench/floor (one-query floor)',
    await withCookies(`${BASE}/v1/bench/floor`, cookies),
  );
  const check = loadLine(
    'GET /v1/auth/details (session check)',
    await withCookies(`${BASE}/v1/auth/details`, cookies),
  );
  console.log(
    `  (${SESSION_CONNECTIONS} connections, ${SESSIONS} sessions) the session check does ` +
      `${pct(check.perSecond / floor.perSecond)} of the floor's rate (target >= 95%); ` +
      `p99 ${ms(check.p99)} (target < 15 ms)`,
  );
}

/**
 * `ceiling`: measureHashCeiling's answer (argon2id hashes per second on this machine).
 * BENCH_SIGNIN_CASES (`sign-in`, `session-check`, comma-separated; both by default) runs only
 * some, e.g. while profiling the server (BENCH_SIGNIN_NODE_ARGS are the server's node options,
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export async function runSignInBenchmarks({ ceiling }) {
  const cases = (process.env.BENCH_SIGNIN_CASES ?? 'sign-in,session-check').split(',');
  const databaseUrl = await freshDatabase(DATABASE, process.env.BENCH_SIGNIN_DATABASE_URL);
  const server = await startBenchServer({
    port: PORT,
    databaseUrl,
    nodeArgs: process.env.BENCH_SIGNIN_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    label: 'sign-in',
  });
  try {
    await seed(databaseUrl);
    console.log(
      `\nSign-in and session checks (own API on ${BASE}, UV_THREADPOOL_SIZE=2, ${USERS} users, ` +
        `127.0.0.1 whitelisted, ${DURATION_S} s each after ${WARM_UP_S} s of warm-up)`,
    );
    if (cases.includes('sign-in')) await benchSignIns(ceiling);
    if (cases.includes('session-check')) await benchSessionChecks();
  } finally {
    await stopServer(server);
  }
}

// Alone, after `pnpm --filter @portico/api build`: `node bench/sign-in.mjs` (the ceiling, then
// the loads).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ceiling = await measureHashCeiling(5000);
  console.log(describeCeiling(ceiling));
  await runSignInBenchmarks({ ceiling });
}
