import { DriverAdapterError } from '@prisma/driver-adapter-utils';
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';

/**
 * `adapter` with its `executeScript` replaced by `run`, which sends a migration's script whole
 * and is awaited, its error reaching the schema engine (used for PGlite in pglite.ts and for
 * PostgreSQL in migrate.ts).
 */
export function wholeScripts(
  adapter: SqlDriverAdapter,
  run: (script: string) => Promise<unknown>,
  onDispose?: () => Promise<void>,
): SqlDriverAdapter {
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw: (query) => adapter.executeRaw(query),
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    getConnectionInfo: () => adapter.getConnectionInfo?.() ?? { supportsRelationJoins: true },
    async executeScript(script) {
      try {
        await run(script);
      } catch (error) {
        throw toDriverAdapterError(error);
      }
    },
    async dispose() {
      await adapter.dispose();
      await onDispose?.();
    },
  };
}

/** PostgreSQL's error fields, as PGlite and pg report them, in the shape Prisma's engines expect. */
function toDriverAdapterError(error: unknown): unknown {
  const e = error as { code?: unknown; message?: unknown; severity?: unknown };
  if (typeof e?.code !== 'string' || typeof e.message !== 'string') return error;
  const detailed = error as { detail?: string; column?: string; hint?: string };
  return new DriverAdapterError({
    kind: 'postgres',
    code: e.code,
    severity: typeof e.severity === 'string' ? e.severity : 'ERROR',
    message: e.message,
    detail: detailed.detail,
    column: detailed.column,
    hint: detailed.hint,
  });
}
