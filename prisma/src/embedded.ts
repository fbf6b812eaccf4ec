import type { PGlite } from '@electric-sql/pglite';
import type { Database, OpenDatabaseOptions } from './client.js';
import { inOpenTransaction, ormClient, sqlTransaction, withTimeout } from './client.js';
import { migratePglite } from './migrate.js';
import { createPglite, loadPgliteArtifacts, PglitePrismaAdapterFactory } from './pglite.js';
import { seedFromSnapshot } from './pglite-snapshot.js';
import { withSqlTransaction } from './sql-transaction.js';

/**
 * The Database on the embedded PGlite, in `dataDir` (filled from the snapshot when new) or in
 * memory.
 */
export async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const dataDir = options.memory ? undefined : options.dataDir;
  // Compiled while the snapshot is copied (never fails: undefined lets PGlite compile its own).
  const artifacts = loadPgliteArtifacts();
  const seeded =
    dataDir && options.pgliteSnapshot !== false
      ? await seedFromSnapshot(dataDir, {
          ...(options.pgliteSnapshot ? { snapshotDir: options.pgliteSnapshot } : {}),
          ...(options.migrations ? { migrations: options.migrations } : {}),
        })
      : undefined;
  const client = await createPglite({
    ...(dataDir ? { dataDir } : {}),
    artifacts: await artifacts,
  });
  return databaseOnPglite(client, options, seeded);
}

/**
 * The Database over an open PGlite, which it then owns (closes). `seeded` names the migrations a
 * snapshot brought to its new data folder: the first `migrate()` reports them as applied, as it
 * would have had it applied them itself.
 */
export function databaseOnPglite(
  client: PGlite,
  options: OpenDatabaseOptions = {},
  seeded: string[] = [],
): Database {
  let broughtBySnapshot = seeded;
  const prisma = ormClient(new PglitePrismaAdapterFactory(client), options);
  let closed: Promise<void> | undefined;
  const query = <T>(name: string, text: string, values: readonly unknown[] = []) =>
    inOpenTransaction<T>(name, text, values) ??
    client.query<T>(text, [...values]).then((result) => result.rows);
  return {
    prisma,
    kind: 'pglite',
    query,
    // PGlite's own transaction holds its one connection: queries from outside wait for it.
    transaction: (work) =>
      sqlTransaction(work, (inside) =>
        client.transaction((tx) =>
          withSqlTransaction(
            <R>(_name: string, text: string, values: readonly unknown[]) =>
              tx.query<R>(text, [...values]).then((answer) => answer.rows),
            inside,
          ),
        ),
      ),
    async migrate() {
      // A folder just filled from a snapshot of these very migrations (its stamp says so) has
      // nothing left to apply: no need to read _prisma_migrations to learn it.
      if (broughtBySnapshot.length > 0) {
        const applied = broughtBySnapshot;
        broughtBySnapshot = [];
        return { applied };
      }
      return migratePglite(client, options.migrations);
    },
    ping: () => withTimeout(client.query('SELECT 1').then(() => true)),
    poolUse: () => undefined,
    close() {
      closed ??= prisma.$disconnect().finally(() => client.close());
      return closed;
    },
  };
}
