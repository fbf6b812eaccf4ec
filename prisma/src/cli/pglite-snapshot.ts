#!/usr/bin/env node
// `node dist/cli/pglite-snapshot.js` (the last step of the package's build): makes the migrated
// PGlite data folder that a new embedded database starts from (see pglite-snapshot.ts), unless
// the one in dist/ is already of these migrations and this PGlite.
import path from 'node:path';
import { buildPgliteSnapshot, defaultSnapshotDir } from '../pglite-snapshot.js';
import { packageRoot } from '../paths.js';

async function main(): Promise<void> {
  const started = performance.now();
  const made = await buildPgliteSnapshot();
  const where = path.relative(packageRoot, defaultSnapshotDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    made
      ? `[db] PGlite snapshot made in ${where} (${seconds} s)`
      : `[db] PGlite snapshot in ${where} is current`,
  );
}

// Exits explicitly: PGlite leaves a timer running after close that would hold the process ~10 s.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[db] PGlite snapshot failed: ${message}`);
    process.exit(1);
  },
);
