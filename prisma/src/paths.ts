import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package folder (`prisma/`). This file sits in `src/` (tests) or `dist/` (built), one level
 * below it either way, so the schema and the migrations are found from both.
 */
export const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/** `prisma/schema.prisma`. */
export const schemaPath = path.join(packageRoot, 'schema.prisma');

/** `prisma/migrations`, in Prisma's own layout (`<timestamp>_<name>/migration.sql`). */
export const migrationsDir = path.join(packageRoot, 'migrations');
