import { setFlagsFromString } from 'node:v8';
import type { Database } from '@portico/db';
import { openDatabase } from '@portico/db';
import type { Config } from './config.js';
import { pgliteDir } from './config.js';

export type { Database };

/**
 * How much a WebAssembly function runs (V8's rough count of bytes executed) before V8 compiles
 * it again, optimised, on its background threads: 500 million here against V8's 1.8 million.
 * The embedded database's start and the bootstrap run thousands of PostgreSQL's functions a few
 * times each; with V8's budget, their optimised compiles took some 1.2 s of CPU during a 3 s
 * first start on two cores, beside the main thread that was starting the server. With this one
 * they stay on V8's first, quick compile, while the functions a loaded server keeps running
 * still reach the optimised compile within seconds (docs/benchmarks.md, "Cold start", issue 16,
 * eleventh pass).
 */
const WASM_TIERING_BUDGET = 500_000_000;

/** PostgreSQL when DATABASE_URL is set; otherwise the embedded PGlite in the data folder. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL });
  // Before PGlite compiles its WebAssembly: V8 reads the budget when a module is instantiated.
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  return openDatabase({ dataDir: pgliteDir(config) });
}
