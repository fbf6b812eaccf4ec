// For the plain Prisma CLI on a host that can download its engines (`prisma migrate deploy`,
// `prisma migrate dev`, `prisma studio`). This package does not need the CLI beyond `generate`:
// scripts/generate.mjs runs it offline, and migrations go through the WebAssembly schema engine
// (src/migrate.ts, scripts/new-migration.mjs).
import { defineConfig } from 'prisma/config';

const url = process.env.DATABASE_URL;

export default defineConfig({
  schema: 'schema.prisma',
  migrations: { path: 'migrations' },
  ...(url ? { datasource: { url } } : {}),
});
