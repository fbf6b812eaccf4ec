import { defineConfig } from 'vitest/config';

// Migrations through the WebAssembly schema engine and embedded PGlite instances take seconds,
// not milliseconds: generous timeouts. Files run in separate processes (forks).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
