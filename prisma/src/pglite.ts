import { mkdir, readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { wholeScripts } from './whole-scripts.js';

export interface PgliteOptions {
  /** Data folder (created if missing); in memory without it. */
  dataDir?: string;
  /** A data folder dumped by `dumpDataDir()` to start from (skips initdb; tests use it). */
  snapshot?: Blob;
  /** PGlite's WebAssembly, compiled beforehand (loadPgliteArtifacts). */
  artifacts?: PgliteArtifacts | undefined;
}

/** What PGlite otherwise reads and compiles itself when it is created. */
export type PgliteArtifacts = Required<Pick<PGliteOptions, 'pgliteWasmModule'>>;

/** Node's WebAssembly global: not in the ES library this package is compiled against. */
declare const WebAssembly: {
  compile(bytes: Uint8Array): Promise<PgliteArtifacts['pgliteWasmModule']>;
};

/**
 * Reads and compiles PGlite's WebAssembly (9 MB), as PGlite would when created, but from whenever
 * it is called: a first start calls it before copying the snapshot into the new data folder, so
 * that V8 compiles while the files are copied and the server's modules load, instead of after the
 * copy (docs/benchmarks.md, "Cold start"). (initdb's own module is compiled only for a folder
 * that needs initdb; the 6 MB file bundle PGlite reads as fast itself, and as a Blob it cost more
 * than it saved.) Undefined if it cannot be read: PGlite then reads and compiles it itself.
 */
export async function loadPgliteArtifacts(): Promise<PgliteArtifacts | undefined> {
  try {
    const wasm = new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite'));
    return { pgliteWasmModule: await WebAssembly.compile(await readFile(wasm)) };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL's buffer cache in the embedded database. PGlite's initdb writes 128MB, and its start
 * zeroes the whole of it in WebAssembly memory, page by page: on the 2-core machine that was 0.4
 * to 0.6 s of every start and 120 MiB of the process's memory (docs/benchmarks.md, "Cold start").
 * 16MB holds a trial or small installation's tables; PGlite reads the rest through the operating
 * system's file cache. A command-line setting, so it holds for folders made before it too.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** An embedded PostgreSQL (PGlite) with the extensions the schema uses. */
export async function createPglite({
  dataDir,
  snapshot,
  artifacts,
}: PgliteOptions = {}): Promise<PGlite> {
  const options = {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    ...artifacts,
  };
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  return client;
}

/**
 * `pglite-prisma-adapter`'s factory with two repairs, needed by the schema engine:
 * - its `executeScript` does not await the script, so a failing migration was recorded as
 *   applied; here the script is awaited and its error reaches the engine;
 * - its shadow database is a bare PGlite without pg_trgm; here it has the same extensions.
 */
export class PglitePrismaAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres';
  readonly adapterName: string;
  private readonly inner: PrismaPGlite;

  constructor(private readonly client: PGlite) {
    this.inner = new PrismaPGlite(client);
    this.adapterName = this.inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return wholeScripts(await this.inner.connect(), (script) => this.client.exec(script));
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = await createPglite();
    const adapter = await new PrismaPGlite(shadow).connect();
    return wholeScripts(
      adapter,
      (script) => shadow.exec(script),
      () => shadow.close(),
    );
  }
}
