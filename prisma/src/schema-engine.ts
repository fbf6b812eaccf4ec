import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

export type { SchemaEngine };

/** The part of wasm-bindgen's glue module that loading needs. */
interface SchemaEngineGlue {
  SchemaEngine: typeof SchemaEngine;
  __wbg_set_wasm(exports: unknown): void;
}

/** The WebAssembly global (Node has it; @types/node 20 does not declare it). */
interface WebAssemblyApi {
  instantiate(
    bytes: Uint8Array,
    imports: Record<string, unknown>,
  ): Promise<{ instance: { exports: Record<string, unknown> } }>;
}

let loading: Promise<SchemaEngineGlue> | undefined;

/**
 * Prisma's schema engine compiled to WebAssembly (`@prisma/schema-engine-wasm`), the engine of
 * `prisma migrate` without its native binary, which these machines cannot download.
 *
 * The package's entry imports the `.wasm` file as an ES module, which Node refuses; so the
 * wasm-bindgen glue (`schema_engine_bg.js`) is imported by file path, the `.wasm` beside it is
 * instantiated with the glue as its import object, handed back to the glue, and started. Done
 * once per process: the glue keeps the instance in a module variable.
 */
export function loadSchemaEngine(): Promise<SchemaEngineGlue> {
  loading ??= instantiate().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function instantiate(): Promise<SchemaEngineGlue> {
  const require = createRequire(import.meta.url);
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const glue = (await import(pathToFileURL(gluePath).href)) as SchemaEngineGlue;
  const bytes = await readFile(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
  const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
  const { instance } = await wasm.instantiate(bytes, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}

export interface EngineOptions {
  /** The text of schema.prisma (the engine reads the provider and preview features from it). */
  schema: string;
  /** Receives the engine's log lines (JSON); silent by default. */
  onLog?: (line: string) => void;
}

/**
 * Runs `work` with a schema engine connected through a driver adapter factory, and frees the
 * engine afterwards. The factory's `connectToShadowDb` is used only by diffs that replay
 * migrations into a scratch database.
 */
export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  options: EngineOptions,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine: Engine } = await loadSchemaEngine();
  const onLog = options.onLog ?? (() => {});
  const engine = await Engine.new(
    { datamodels: [['schema.prisma', options.schema]] },
    (line: string) => onLog(line),
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  try {
    return await work(engine);
  } finally {
    engine.free();
  }
}

/** Include every table and enum: nothing in this database is managed outside Prisma. */
export const noFilters = { externalTables: [], externalEnums: [] };
