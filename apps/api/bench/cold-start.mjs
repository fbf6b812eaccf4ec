// The cold-start benchmark: the built API (dist/server.js) started as `pnpm start` starts it, on
// its embedded defaults (no DATABASE_URL: PGlite in DATA_DIR/pglite), timed from the spawn to
// its first 200 on GET /v1/health. Each round starts it on a fresh, empty temporary DATA_DIR
// (initialise, migrate, bootstrap the platform) and then once more on the same folder (a
// restart), so both are measured; the user's real data folder is never touched. The server logs
// how long each step took (`startupMs` on its "listening" line): the median of each is printed.
// Part of `pnpm bench` (run.mjs); alone: `node bench/cold-start.mjs` after a build
// (COLD_START_ROUNDS=5 for more rounds). The target (docs/benchmarks.md) is under 2.5 s.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const builtServer = path.resolve(here, '..', 'dist', 'server.js');

export const COLD_START_TARGET_MS = 2500;
const POLL_MS = 10;
const GIVE_UP_MS = 120_000;

/**
 * The server on `dataDir`, with only what `pnpm start` on a bare machine would have: none of the
 * caller's database, secrets or settings leak in (DATABASE_URL would leave the embedded path).
 */
function serverEnvironment(dataDir, port) {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  const env = Object.fromEntries(
    keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]]),
  );
  return { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
}

/** Milliseconds from spawn to the first 200 on /v1/health, and the server's own step times. */
async function timeStart(serverEntry, dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    env: serverEnvironment(dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // 'close': the process ended and its output was read to the end.
  let exited = false;
  const closed = new Promise((resolve) => child.once('close', () => resolve((exited = true))));
  let totalMs;
  let cpuMs;
  let oidcMs;
  try {
    for (;;) {
      if (exited) throw new Error(`the server stopped before answering:\n${output}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error('no health answer in 120 s');
      const ok = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    totalMs = performance.now() - started;
    cpuMs = cpuTimeMs(child.pid);
    oidcMs = (await firstOk(`http://127.0.0.1:${port}/oidc/.well-known/openid-configuration`))
      ? performance.now() - started
      : undefined;
  } finally {
    child.kill('SIGTERM');
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  // Read once the server has gone: its last lines may reach this process after the answer.
  return {
    totalMs,
    cpuMs,
    oidcMs,
    steps: stepTimes(output),
    adminAnnounced: output.includes('first platform administrator was created'),
  };
}

/** Polls `url` until it answers 200 (true) or for 30 s (false). */
async function firstOk(url) {
  const until = performance.now() + 30_000;
  while (performance.now() < until) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}

/**
 * The CPU time (user + system) the server has used so far, from /proc (Linux; undefined
 * elsewhere). Other processes stretch the wall time of a start on a busy machine far more than
 * its CPU time, so this is the figure to compare between two builds measured at different loads.
 */
function cpuTimeMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and
    // 13th of them, in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The `startupMs` object of the server's "listening" log line (absent on older builds). */
function stepTimes(output) {
  for (const line of output.split('\n')) {
    if (!line.includes('"startupMs"')) continue;
    try {
      return JSON.parse(line).startupMs;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function report(title, runs) {
  const totals = runs.map((run) => run.totalMs);
  const med = median(totals);
  const max = Math.max(...totals);
  const verdict = max < COLD_START_TARGET_MS ? 'within' : 'OVER';
  console.log(
    `${title.padEnd(30)} median ${seconds(med)}   max ${seconds(max)}   ` +
      `(target < ${seconds(COLD_START_TARGET_MS)}: ${verdict})   runs: ${totals.map(seconds).join(', ')}`,
  );
  const cpu = runs.map((run) => run.cpuMs).filter((value) => value !== undefined);
  if (cpu.length) {
    console.log(`${''.padEnd(30)} CPU time used by then (median): ${seconds(median(cpu))}`);
  }
  const oidc = runs.map((run) => run.oidcMs).filter((value) => value !== undefined);
  if (oidc.length) {
    console.log(
      `${''.padEnd(30)} first OIDC discovery answer (median): ${seconds(median(oidc))} ` +
        `(not judged: the provider is made once the server listens)`,
    );
  }
  const withSteps = runs.filter((run) => run.steps);
  if (withSteps.length === 0) return;
  const names = Object.keys(withSteps[0].steps);
  const steps = names.map((name) => `${name} ${median(withSteps.map((run) => run.steps[name]))}`);
  console.log(
    `${''.padEnd(30)} step done at (median ms after the process started): ${steps.join(', ')}`,
  );
}

/** One round on a new temporary folder: a fresh start, then a restart on the same folder. */
async function round(serverEntry, port, into) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-cold-'));
  try {
    const first = await timeStart(serverEntry, dataDir, port);
    if (!first.adminAnnounced) throw new Error('a fresh start did not announce the first admin');
    into.fresh.push(first);
    into.restarts.push(await timeStart(serverEntry, dataDir, port));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `rounds` rounds and prints the median and the maximum of the fresh starts and of the
 * restarts beside the target. With `compareWith` (COLD_START_COMPARE: another build's
 * dist/server.js, e.g. the main branch's), that build runs a round before each of this one's, so
 * both meet the same load, and is printed first. Answers the runs.
 */
export async function benchColdStart({
  rounds = Number(process.env.COLD_START_ROUNDS ?? 3),
  port = Number(process.env.COLD_START_PORT ?? 1296),
  compareWith = process.env.COLD_START_COMPARE,
} = {}) {
  const runs = { fresh: [], restarts: [] };
  const other = { fresh: [], restarts: [] };
  for (let index = 0; index < rounds; index += 1) {
    if (compareWith) await round(compareWith, port, other);
    await round(builtServer, port, runs);
  }
  console.log(
    `\nCold start of dist/server.js on the embedded PGlite (no DATABASE_URL), spawn to the ` +
      `first 200 on GET /v1/health, ${rounds} rounds`,
  );
  if (compareWith) {
    console.log(`compared with ${compareWith}:`);
    report('  fresh data folder', other.fresh);
    report('  restart (same folder)', other.restarts);
    console.log('this build:');
  }
  report('fresh data folder', runs.fresh);
  report('restart (same folder)', runs.restarts);
  return runs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchColdStart();
