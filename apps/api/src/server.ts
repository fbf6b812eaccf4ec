import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.js';
import { openConfiguredDatabase } from './db.js';
import { requireOidcSecretSetting } from './oidc/secret.js';

/**
 * Starts Portico: checks the configuration, opens the database (PostgreSQL or the embedded
 * PGlite), applies migrations, makes sure the platform exists, then listens on port 1234.
 * SIGINT/SIGTERM close the server gracefully: in-flight requests finish, then the database.
 */
async function main(): Promise<void> {
  const startup = new StartupTimes();
  let config;
  try {
    config = loadConfig();
    // Refused here, not once the app is built: by then the database would have been migrated.
    // The settings alone: making the development secret's file here cost a fresh embedded start
    // half a second (bench/cold-start.mjs), so that stays where the provider is made.
    requireOidcSecretSetting(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // The database opens (and migrates) while the application's modules load: opening the
  // embedded one copies files and compiles WebAssembly, work that runs off the main thread.
  // Migrations come before building the app, which already reads the database.
  const opening = openConfiguredDatabase(config).then(async (db) => {
    startup.mark('database');
    const migrated = config.MIGRATE_ON_START ? await db.migrate() : undefined;
    startup.mark('migrations');
    return { db, migrated };
  });
  const [{ db, migrated }, { buildApp }, { bootstrap }, { announceInitialAdmin }] =
    await Promise.all([
      opening,
      import('./app.js').finally(() => startup.mark('modules')),
      import('./bootstrap/bootstrap.js'),
      import('./bootstrap/announce.js'),
    ]);
  const app = await buildApp({ config, db });
  app.addHook('onClose', async () => db.close());
  startup.mark('app');
  if (migrated)
    app.log.info({ applied: migrated.applied, database: db.kind }, 'migrations checked');
  const created = await bootstrap(db, config);
  if (created.admin) announceInitialAdmin(created.admin, config);
  startup.mark('bootstrap');

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  startup.mark('listening');
  app.log.info(
    { url: config.PUBLIC_URL, database: db.kind, startupMs: startup.marks },
    `Portico is listening; sign in at ${config.PUBLIC_URL}/sso`,
  );
}

/**
 * When each step of the start was done, in milliseconds since the process started (logged once,
 * when listening): where a slow start goes, for the operator and for bench/cold-start.mjs. Some
 * steps overlap (the database opens while the modules load).
 */
class StartupTimes {
  readonly marks: Record<string, number> = {};

  mark(step: string): void {
    // performance.now() counts from the process's start.
    this.marks[step] = Math.round(performance.now());
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Portico could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
