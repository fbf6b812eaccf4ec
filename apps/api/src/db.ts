import type { Database } from '@portico/db';
import { openDatabase } from '@portico/db';
import type { Config } from './config.js';
import { pgliteDir } from './config.js';

export type { Database };

/** PostgreSQL when DATABASE_URL is set; otherwise the embedded PGlite in the data folder. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ url: config.DATABASE_URL })
    : openDatabase({ dataDir: pgliteDir(config) });
}
