import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.js';
import { openConfiguredDatabase } from './db.js';
import { buildApp } from './app.js';
import { bootstrap } from './bootstrap/bootstrap.js';
import { announceInitialAdmin } from './bootstrap/announce.js';

/**
 * Starts Portico: checks the configuration, opens the database (PostgreSQL or the embedded
 * PGlite), applies migrations, makes sure the platform exists, then listens on port 1234.
 * SIGINT/SIGTERM close the server gracefully: in-flight requests finish, then the database.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const db = await openConfiguredDatabase(config);
  // Migrations first: building the app already reads the database (the OpenID Provider's keys).
  const migrated = config.MIGRATE_ON_START ? await db.migrate() : undefined;
  const app = await buildApp({ config, db });
  app.addHook('onClose', async () => db.close());
  if (migrated)
    app.log.info({ applied: migrated.applied, database: db.kind }, 'migrations checked');
  const created = await bootstrap(db.prisma, config);
  if (created.admin) announceInitialAdmin(created.admin, config);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { url: config.PUBLIC_URL, database: db.kind },
    `Portico is listening; sign in at ${config.PUBLIC_URL}/sso`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Portico could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
