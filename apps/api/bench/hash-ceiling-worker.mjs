// hash-ceiling.mjs runs this in a process of its own, under the pool size it measures.
// The server's own hashing (built by `pnpm bench`), so the ceiling uses its parameters.
import { hashSecret } from '../dist/credentials/argon2.js';
import { ownMainThread } from './cpu-use.mjs';

const [durationMs, threads] = process.argv.slice(2).map(Number);
let hashes = 0;
const mainBefore = ownMainThread();
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
const mainAfter = ownMainThread();
// Its main thread only hands each hash to the pool and takes the answer back, so what it spends
// is what waking up costs while the hashes fill the cores (sign-in.mjs prints it a hash).
const main =
  mainBefore && mainAfter
    ? { cpuUs: mainAfter.cpuUs - mainBefore.cpuUs, wakes: mainAfter.wakes - mainBefore.wakes }
    : null;
process.stdout.write(
  JSON.stringify({ threads, hashes, seconds, perSecond: hashes / seconds, main }),
);
