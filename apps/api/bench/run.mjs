// `pnpm bench`: starts the built API against a real PostgreSQL, loads it with autocannon and
// prints figures. It asserts nothing: figures are read, compared with the targets in
// docs/benchmarks.md, and tracked over time.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { freshDatabase, startBenchServer, stopServer } from './bench-server.mjs';
import { describeCeiling, measureHashCeiling } from './hash-ceiling.mjs';
import { machineSnapshot, stolenBetween } from './cpu-use.mjs';
import { runOidcTokenBenchmarks } from './oidc-tokens.mjs';
import { benchUsersList } from './users-list.mjs';
import { benchAuditList } from './audit-list.mjs';
import { runSignInBenchmarks } from './sign-in.mjs';
import { benchColdStart } from './cold-start.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 1299);
const BASE = `http://127.0.0.1:${PORT}`;

/**
 * The audit data set's million rows leave the disk busy for a while after its bench (PostgreSQL's
 * next checkpoint, the kernel's write-back), and a first start creates some 950 files, which wait
 * behind those writes: the first cold start after it took 3.3 and 3.8 s where the next took 1.7
 * to 1.9. The writes are finished first (a checkpoint, then `sync`), so the cold start measures
 * the server's start. A server that refuses CHECKPOINT (not a superuser) is left as it is.
 */
async function settleDisk() {
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  });
  try {
    await client.connect();
    await client.query('CHECKPOINT');
  } catch {
    // not allowed here: only the kernel's write-back is waited for
  } finally {
    await client.end().catch(() => {});
  }
  spawnSync('sync');
}

function load(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: 10, connections: 50, ...options }, (err, result) => {
      if (err) reject(err);
      else resolve({ title, result });
    });
  });
}

function report({ title, result }) {
  const { requests, latency, non2xx, errors } = result;
  console.log(
    `${title.padEnd(36)} ${requests.average.toFixed(0).padStart(7)} req/s   ` +
      `p50 ${latency.p50} ms   p99 ${latency.p99} ms   non-2xx ${non2xx}   errors ${errors}`,
  );
}

/**
 * The machine's load (1, 5, 15 minutes) and, at the end, the share of the run's time the host
 * kept for others (a guest's steal): the figures are read against both (docs/benchmarks.md).
 */
const runStart = machineSnapshot();
const loadLine = (when, extra = '') =>
  console.log(
    `\n[load average ${when}: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')} on ${cpus().length} cores${extra}]`,
  );

// Dropped and created each run (BENCH_DATABASE_URL, when set, is used as it is).
const databaseUrl = await freshDatabase('portico_bench', process.env.BENCH_DATABASE_URL);
loadLine('at the start');
const server = await startBenchServer({ port: PORT, databaseUrl, label: 'health' });
try {
  console.log(`Portico benchmarks (API on ${BASE}, PostgreSQL, 50 connections, 10 s each)\n`);
  report(await load('GET /v1/health (one DB round trip)', { url: `${BASE}/v1/health` }));
  // The ceiling the server can reach (its pool of 2), and Node's default pool for comparison.
  const ceiling = await measureHashCeiling(5000);
  const defaultPool = await measureHashCeiling(5000, { poolSize: 4 });
  console.log(`\n${describeCeiling(ceiling)} (the server's pool)`);
  console.log(`${describeCeiling(defaultPool)} (Node's default pool, for comparison)`);
  // Sign-ins (judged against the server pool's ceiling measured again just before and after
  // them) and session checks, on their own API and database.
  await runSignInBenchmarks();
  // The OpenID Provider's token endpoint, on its own API and database: see oidc-tokens.mjs.
  await runOidcTokenBenchmarks();
} finally {
  await stopServer(server);
}

// users.list on its own database and data set (100,000 users), in-process: see users-list.mjs.
await benchUsersList();

// audit.list on its own database and data set (1,000,000 events), in-process: see audit-list.mjs.
await benchAuditList();

// The embedded default's cold start (a fresh data folder, then a restart): see cold-start.mjs.
await settleDisk();
await benchColdStart();
loadLine(
  'at the end',
  `; the host took ${stolenBetween(runStart, machineSnapshot())} of the cores' time during the run`,
);
