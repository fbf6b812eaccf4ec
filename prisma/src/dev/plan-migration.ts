import { readFile } from 'node:fs/promises';
import {
  migrationsDir as defaultMigrationsDir,
  schemaPath as defaultSchemaPath,
} from '../paths.js';
import { readMigrations } from '../migrate.js';
import { createPglite, PglitePrismaAdapterFactory } from '../pglite.js';
import { noFilters, withSchemaEngine } from '../schema-engine.js';

export interface PlanOptions {
  migrationsDir?: string;
  schemaPath?: string;
}

export interface MigrationPlan {
  /** The committed migrations the plan starts from. */
  basedOn: string[];
  /** The SQL that brings a database migrated so far to schema.prisma; null when they agree. */
  script: string | null;
}

/**
 * What the next migration must do: the committed migrations are applied to a scratch in-memory
 * PGlite, and that database is diffed against schema.prisma by the schema engine. Diffing the
 * database (rather than the engine's migrations-directory source) keeps what the datamodel cannot
 * describe (CHECK constraints, rows inserted by a migration) out of the plan.
 */
export async function planMigration(options: PlanOptions = {}): Promise<MigrationPlan> {
  const schema = await readFile(options.schemaPath ?? defaultSchemaPath, 'utf8');
  const migrationsList = await readMigrations(options.migrationsDir ?? defaultMigrationsDir);
  const files = [{ path: 'schema.prisma', content: schema }];
  const scratch = await createPglite();
  try {
    return await withSchemaEngine(
      new PglitePrismaAdapterFactory(scratch),
      { schema },
      async (engine) => {
        await engine.applyMigrations({ migrationsList, filters: noFilters });
        const diff = await engine.diff({
          from: { tag: 'schemaDatasource', files, configDir: process.cwd() },
          to: { tag: 'schemaDatamodel', files },
          script: true,
          exitCode: true,
          filters: noFilters,
        });
        const basedOn = migrationsList.migrationDirectories.map((entry) => entry.path);
        // With exitCode set, the engine answers 2 when there is something to do, 0 when not.
        return { basedOn, script: diff.exitCode === 2 ? (diff.stdout ?? '') : null };
      },
    );
  } finally {
    await scratch.close();
  }
}
