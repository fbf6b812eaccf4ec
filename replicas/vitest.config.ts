import { defineConfig } from 'vitest/config';

// One stack (three API processes, HAProxy, a mail peer) per test file; the files run one after
// the other, since each stack alone keeps the machine's cores busy.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
