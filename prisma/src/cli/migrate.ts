#!/usr/bin/env node
// `node dist/cli/migrate.js`: applies the migrations to DATABASE_URL, or to the embedded PGlite
// in DATA_DIR/pglite when it is unset: the same embedded database the API uses (DATA_DIR
// defaults to data/, and a relative DATA_DIR is taken from the repository root, as the API does).
import path from 'node:path';
import { openDatabase } from '../client.js';
import { packageRoot } from '../paths.js';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const repoRoot = path.resolve(packageRoot, '..');
  const dataDir = path.join(path.resolve(repoRoot, process.env.DATA_DIR ?? 'data'), 'pglite');
  const target = url ? `PostgreSQL ${describeUrl(url)}` : `PGlite in ${dataDir}`;
  const db = await openDatabase(url ? { url } : { dataDir });
  try {
    const { applied } = await db.migrate();
    if (applied.length === 0) {
      console.log(`[db] ${target}: up to date, no migration applied`);
    } else {
      console.log(`[db] ${target}: applied ${applied.length} migration(s):`);
      for (const name of applied) console.log(`  ${name}`);
    }
  } finally {
    await db.close();
  }
}

/** Host, port and database of a connection string, never its password. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

// Exits explicitly: PGlite leaves a timer running after close that would hold the process ~10 s.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[db] migration failed: ${message}`);
    process.exit(1);
  },
);
