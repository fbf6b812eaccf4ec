#!/usr/bin/env node
// `node dist/cli/migrate.js`: applies the migrations to DATABASE_URL, or to the embedded PGlite
// in DATA_DIR (default ./data/pglite, relative to the current directory) when it is unset.
import path from 'node:path';
import { openDatabase } from '../client.js';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join('data', 'pglite'));
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
