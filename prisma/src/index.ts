// @portico/db: the Prisma client for PostgreSQL or the embedded PGlite, the generated model
// types and enums, and the migration runner.
export * from './generated/prisma/client.js';
export { inTransaction, openDatabase } from './client.js';
export type { Database, OpenDatabaseOptions, PoolUse } from './client.js';
export { afterCommit, currentTransaction, owningClient } from './join-transactions.js';
export { migratePostgres, migratePglite, readMigrations } from './migrate.js';
export type { MigrateResult, MigrationSource } from './migrate.js';
export { isPrismaError, isUniqueViolation, isForeignKeyViolation, isNotFound } from './errors.js';
export { packageRoot, schemaPath, migrationsDir } from './paths.js';
