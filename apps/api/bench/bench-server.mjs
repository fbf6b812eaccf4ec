// What the benchmarks share: a fresh database of their own, the built API started on it as its
// own process, and autocannon runs that keep every response time (autocannon reports no p95).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_POOL_SIZE } from './hash-ceiling.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '..', 'dist', 'server.js');

/** A desktop browser's User-Agent: the device gates and device names read it. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/**
 * A bench database kept between runs (its seeded data set is reused), on DATABASE_URL's server
 * or the local one: created when missing. Answers its URL.
 */
export async function keptDatabase(name) {
  const server = new URL(
    process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  );
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  server.pathname = `/${name}`;
  return server.toString();
}

/** `name` dropped and created again (or `override`, a database URL, used as it is). */
export async function freshDatabase(name, override) {
  if (override) return override;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

/** A bench database's key-sealing secret: derived from its URL, so stable across runs. */
function benchKeySecret(databaseUrl) {
  return createHash('sha256').update(`portico-bench-oidc-keys:${databaseUrl}`).digest('base64url');
}

/**
 * The built API (dist/server.js) on `port` and `databaseUrl`, with the server's production
 * thread-pool size (2), once it answers its health call. `nodeArgs` are node options (e.g. a
 * CPU profile), `env` more settings.
 */
export async function startBenchServer({ port, databaseUrl, nodeArgs = [], env = {}, label }) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      // The product's default log level (info: a line as each request comes and one as it is
      // answered, to stdout, which the bench discards): the figures include what logging costs.
      LOG_LEVEL: 'info',
      SERVE_PORTAL: 'false',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portico-bench-')),
      ADMIN_PASSWORD: 'Bench-Admin-1',
      // A throwaway secret for the bench's own database (production needs one on PostgreSQL),
      // the same for the same database: a database kept between runs (BENCH_DATABASE_URL) holds
      // the signing keys sealed by the run before, which must open in the next (a server with
      // the wrong secret refuses to start).
      OIDC_KEY_SECRET: benchKeySecret(databaseUrl),
      UV_THREADPOOL_SIZE: String(SERVER_POOL_SIZE),
      // The server runs as in production (NODE_ENV defaults to it) but on http://localhost,
      // which production refuses as a client's redirect unless told (the portal's own client).
      LOCALHOST_REDIRECTS: 'true',
      // GET /v1/bench/floor: the one-round-trip floor the session check is judged against.
      BENCH_FLOOR_ROUTE: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; tries < 150; tries += 1) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`the ${label} benchmark API did not become healthy`);
}

/** SIGTERM, then the exit (the server closes gracefully; a profile is written on exit). */
export async function stopServer(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

/** One autocannon run, with every response time kept, sorted. */
export function timedRun(options) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(options, (err, result) => {
      if (err) reject(err);
      else resolve({ result, times: times.sort((a, b) => a - b) });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
export const ms = (value) => `${value.toFixed(1)} ms`;
export const pct = (value) => `${(value * 100).toFixed(0)}%`;

/**
 * After a data set was loaded: fresh statistics and a visibility map (VACUUM ANALYZE, of `table`
 * or of the whole database), as a running database has, since the planner's choices and
 * index-only scans depend on them; then a CHECKPOINT, so that the load's pages are written to
 * disk now and not by the checkpointer during the measured calls. Right after a load without
 * it, the users list's p95 read up to twice what the same cases read on the next run
 * (docs/benchmarks.md). A role that may not checkpoint (neither superuser nor pg_checkpoint)
 * goes on without, and says so.
 */
export async function settleAfterLoad(client, table) {
  await client.query(table ? `VACUUM ANALYZE ${table}` : 'VACUUM ANALYZE');
  try {
    await client.query('CHECKPOINT');
  } catch (error) {
    if (error.code !== '42501') throw error;
    console.log(
      '(no CHECKPOINT after the load: the role may not; the first figures may read high)',
    );
  }
}
