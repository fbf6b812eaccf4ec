import os from 'node:os';
import { hash } from '@node-rs/argon2';

/**
 * How many argon2id hashes per second this machine can do at all, with as many hashes in
 * flight as there are cores: the upper bound for password sign-ins per second.
 */
export async function measureHashCeiling(durationMs) {
  const threads = os.availableParallelism();
  const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
  let hashes = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      while (performance.now() < deadline) {
        await hash('Bench-Password-1', options);
        hashes += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { threads, hashes, seconds, perSecond: hashes / seconds };
}
