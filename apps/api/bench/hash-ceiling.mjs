import os from 'node:os';
// The server's own hashing (built by `pnpm bench`), so the ceiling uses its parameters.
import { hashSecret } from '../dist/credentials/argon2.js';

/**
 * How many argon2id hashes per second this machine can do at all, with as many hashes in
 * flight as there are cores: the upper bound for password sign-ins per second.
 */
export async function measureHashCeiling(durationMs) {
  const threads = os.availableParallelism();
  let hashes = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      while (performance.now() < deadline) {
        await hashSecret('Bench-Password-1');
        hashes += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { threads, hashes, seconds, perSecond: hashes / seconds };
}
