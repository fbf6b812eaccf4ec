import { defineConfig } from 'vitest/config';

// Integration tests use a real PostgreSQL: one database per test file, cloned from a migrated
// template (see @portico/db/testing), so files run in parallel without sharing rows.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
