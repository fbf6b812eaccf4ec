import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/** The bench server's thread pool (bench-server.mjs sets it): the honest ceiling uses it too. */
export const SERVER_POOL_SIZE = 2;

/**
 * How many argon2id hashes per second this machine can do at all with `poolSize` libuv
 * threads (the server's own hashing and parameters, from the built API): the upper bound for
 * password sign-ins per second. Measured in a child process, because the pool size is fixed
 * when a process starts: the bench's own process has Node's default of 4, and a ceiling
 * measured there is not the one the server (2) can reach (issue 16). As many hashes are kept in
 * flight as there are threads or cores, whichever is more.
 */
export function measureHashCeiling(durationMs, { poolSize = SERVER_POOL_SIZE } = {}) {
  const worker = fileURLToPath(new URL('./hash-ceiling-worker.mjs', import.meta.url));
  const inFlight = Math.max(poolSize, os.availableParallelism());
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [worker, String(durationMs), String(inFlight)], {
      env: { ...process.env, UV_THREADPOOL_SIZE: String(poolSize) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`hash ceiling worker exited with ${code}`));
      resolve({ poolSize, ...JSON.parse(out) });
    });
  });
}

/** One line for a ceiling, with what it was measured under. */
export function describeCeiling(ceiling) {
  return (
    `argon2id m=19456 t=2 p=1 ceiling, UV_THREADPOOL_SIZE=${ceiling.poolSize}: ` +
    `${ceiling.perSecond.toFixed(1)} hashes/s (${ceiling.threads} in flight, ` +
    `${ceiling.hashes} hashes in ${ceiling.seconds.toFixed(1)} s)`
  );
}
