// @portico/db: the Prisma client for PostgreSQL or the embedded PGlite, the generated model
// types and enums, and the migration runner.
export * from './generated/prisma/client.js';
export { openDatabase } from './client.js';
export type { Database, OpenDatabaseOptions } from './client.js';
export { migratePostgres, migratePglite, readMigrations } from './migrate.js';
export type { MigrateResult, MigrationSource } from './migrate.js';
export { isPrismaError, isUniqueViolation, isForeignKeyViolation, isNotFound } from './errors.js';
export { packageRoot, schemaPath, migrationsDir } from './paths.js';

/** The pseudo-application of company-level roles and access, created by the init migration. */
export const GLOBAL_APP_ID = 'global';
/** Its built-in roles (`global.owner`, `global.admin`), also created by the init migration. */
export const GLOBAL_ROLE_IDS = { owner: 'owner', admin: 'admin' } as const;
