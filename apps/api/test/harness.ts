import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createTestDatabase } from '@portico/db/testing';
import { buildApp } from '../src/app.js';
import type { ConfigInput } from '../src/config.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** The database's URL on PostgreSQL (a second app on it is another replica); none on PGlite. */
  url?: string;
  close(): Promise<void>;
}

/**
 * The whole application on a database of its own (cloned from the migrated template), with the
 * portal not served and logs off unless a test passes a logger to read them.
 */
export async function startTestApp(
  settings: ConfigInput = {},
  logger: FastifyServerOptions['logger'] = false,
  /** Extra routes a test needs (probes of a plugin), added before the app is ready. */
  extend?: (app: FastifyInstance) => Promise<void>,
  /** `pglite`: on the embedded database whatever the test run's server. */
  on: { kind?: 'pglite' } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(on);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    SERVE_PORTAL: 'false',
    DATA_DIR: dataDir,
    ...settings,
  });
  const app = await buildApp({ config, db: database.db, logger });
  if (extend) await extend(app);
  await app.ready();
  return {
    app,
    db: database.db,
    ...(database.url ? { url: database.url } : {}),
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
