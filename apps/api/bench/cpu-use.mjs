// What each request costs the machine, from Linux's /proc: the CPU time the server's main thread,
// its other threads (the hashing pool, V8's helpers), every local PostgreSQL process and the load
// generator (this process) used during a load, divided by the requests answered. Rates drift with
// this machine's speed from minute to minute; CPU per request drifts much less, so it shows what a
// change did (docs/benchmarks.md). Elsewhere than Linux it prints nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICK_US = 10_000; // USER_HZ is 100 on Linux: a tick is 10 ms

/**
 * utime + stime of /proc/<path>/stat, in ticks, with the process or thread name; with
 * `children`, also the times of its children that have ended (cutime + cstime).
 */
function ticksOf(path, children = false) {
  try {
    const text = readFileSync(`/proc/${path}/stat`, 'utf8');
    const name = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return { name, ticks: children ? own + Number(fields[13]) + Number(fields[14]) : own };
  } catch {
    return null; // gone meanwhile
  }
}

/**
 * How often a thread has gone to sleep waiting for something (its voluntary context switches):
 * each is a wake-up to come, which beside argon2 finds the caches swept (docs/benchmarks.md).
 */
function wakesOf(path) {
  try {
    const status = readFileSync(`/proc/${path}/status`, 'utf8');
    return Number(/^voluntary_ctxt_switches:\s*(\d+)/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * This process's main thread: its CPU time in µs (schedstat, in ns: finer than the ticks) and its
 * wake-ups so far. Null where /proc is missing. The hash ceiling's worker reads it around its
 * hashes.
 */
export function ownMainThread() {
  try {
    const [ns] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ');
    return { cpuUs: Number(ns) / 1000, wakes: wakesOf(`self/task/${process.pid}`) };
  } catch {
    return null;
  }
}

function threadsOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/**
 * Every local PostgreSQL process's time, in ticks. A backend that ends during a load (the pool
 * closes idle connections) takes its time with it; the postmaster, which waits for it, then
 * counts it among its children's times. One that is reaped between the postmaster's read and its
 * own would be counted nowhere (a whole backend's time missing: a load's figure read below zero
 * once), so a pass in which any process vanished is made again.
 */
function postgresTicks() {
  for (let pass = 0; ; pass += 1) {
    let ticks = 0;
    let vanished = false;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const found = ticksOf(pid, true);
      if (!found) vanished = true;
      else if (found.name.startsWith('postgres')) ticks += found.ticks;
    }
    if (!vanished || pass === 4) return ticks;
  }
}

/** The counters now, for `serverPid`'s process. Null where /proc is missing. */
export function cpuSnapshot(serverPid) {
  if (!existsSync('/proc/self/stat')) return null;
  let main = 0;
  let other = 0;
  for (const tid of threadsOf(serverPid)) {
    const thread = ticksOf(`${serverPid}/task/${tid}`);
    if (!thread) continue;
    if (tid === String(serverPid)) main += thread.ticks;
    else other += thread.ticks;
  }
  const postgres = postgresTicks();
  let generator = 0;
  for (const tid of threadsOf(process.pid)) generator += ticksOf(`self/task/${tid}`)?.ticks ?? 0;
  const mainWakes = wakesOf(`${serverPid}/task/${serverPid}`);
  return { main, other, postgres, generator, ...machineSnapshot(), mainWakes };
}

/** Several loads' differences added up (the session check's turns). */
export function addCpu(spans) {
  const sum = {
    main: 0,
    other: 0,
    postgres: 0,
    generator: 0,
    total: 0,
    idle: 0,
    stolen: 0,
    mainWakes: 0,
  };
  for (const span of spans) for (const key of Object.keys(sum)) sum[key] += span[key];
  return sum;
}

/** after - before, or null without /proc. */
export function cpuSpan(before, after) {
  if (!before || !after) return null;
  return Object.fromEntries(Object.keys(before).map((key) => [key, after[key] - before[key]]));
}

/**
 * Microseconds of CPU per request of each part (main, other, postgres, generator) and of the
 * whole machine (busy: every core's time that was not idle, whoever used it).
 */
export function cpuPerRequest(span, requests) {
  const us = (ticks) => Math.round((ticks * TICK_US) / requests);
  return {
    main: us(span.main),
    other: us(span.other),
    postgres: us(span.postgres),
    generator: us(span.generator),
    busy: us(span.total - span.idle),
  };
}

/** One line: CPU per request of each part, and how busy the machine was. */
export function describeCpu(span, requests) {
  if (!span || requests === 0) return '';
  const us = (ticks) => `${Math.round((ticks * TICK_US) / requests)} µs`;
  const busy = span.total > 0 ? (1 - span.idle / span.total) * 100 : NaN;
  return (
    `    CPU per request: server main thread ${us(span.main)}, its other threads ` +
    `${us(span.other)}, PostgreSQL ${us(span.postgres)}, load generator ${us(span.generator)} ` +
    `(machine ${busy.toFixed(0)}% busy, ${stolenPct(span)} of its time taken by the host)`
  );
}

/** The share of the cores' time the host kept for others (steal), e.g. `3%`. */
function stolenPct(span) {
  return span.total > 0 ? `${((span.stolen / span.total) * 100).toFixed(0)}%` : '?';
}

/**
 * The whole machine's time counters now (/proc/stat's first line, in ticks): all of it, idle
 * (idle and waiting for I/O) and stolen (steal: time the guest's cores waited for the host, a
 * busy neighbour on it). On a guest whose host is busy, every figure of a run reads low
 * (docs/benchmarks.md, the thirteenth pass: a run during which the host kept 23% of the time read
 * every rate a quarter to a half lower). Null where /proc is missing.
 */
export function machineSnapshot() {
  if (!existsSync('/proc/stat')) return null;
  const [, ...times] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const all = times.map(Number);
  return {
    total: all.reduce((sum, value) => sum + value, 0),
    idle: all[3] + all[4],
    stolen: all[7] ?? 0,
  };
}

/** The host's share of the time between two machineSnapshots, e.g. `3%`; '?' without /proc. */
export function stolenBetween(before, after) {
  if (!before || !after) return '?';
  return stolenPct({ total: after.total - before.total, stolen: after.stolen - before.stolen });
}
