import { runCommand } from '../cli/run-command.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db.js';
import { bootstrap } from '../bootstrap/bootstrap.js';
import { announceInitialAdmin } from '../bootstrap/announce.js';
import { generatePassword } from '../bootstrap/generate-password.js';
import { seedDemo } from './seed-demo.js';

/**
 * `pnpm db:demo`: applies migrations, bootstraps the platform, then adds the demo sample to
 * the configured database (DATABASE_URL, or the embedded one in DATA_DIR). DEMO_PASSWORD sets
 * the demo users' password; otherwise one is generated and printed once.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  try {
    await db.migrate();
    const platform = await bootstrap(db, config);
    if (platform.admin) announceInitialAdmin(platform.admin, config);
    const result = await seedDemo(db.prisma, process.env.DEMO_PASSWORD ?? generatePassword());
    if (!result.created) {
      process.stdout.write('The demo data is already there; nothing was changed.\n');
      return;
    }
    const lines = [
      'Demo data added: companies acme1, nwcu1, fjord1; apps loans, teller, insights, ledger;',
      '7 users (e.g. amelia_ross, owner of acme1) and a pending invitation.',
      process.env.DEMO_PASSWORD
        ? 'Every demo user has the password given in DEMO_PASSWORD.'
        : `Every demo user's password: ${result.password}   (shown only this once)`,
      ...result.clientSecrets.map(
        (c) => `Client ${c.client} secret: ${c.secret}   (shown only this once)`,
      ),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await db.close();
  }
}

runCommand('db:demo', main);
