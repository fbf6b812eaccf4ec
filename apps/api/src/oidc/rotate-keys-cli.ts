import { runCommand } from '../cli/run-command.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db.js';
import { rotateSigningKeys } from './keys.js';
import { oidcSecret } from './secret.js';

/**
 * `pnpm oidc:rotate-keys`: new signing keys for the OpenID Provider on the configured database
 * (stop the server first when it is the embedded one). Restart the replicas afterwards: each
 * signs with the new keys from its start, and publishes the retired ones for an hour.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  try {
    await db.migrate();
    const { retired, created } = await rotateSigningKeys(db, oidcSecret(config));
    process.stdout.write(
      [
        `Retired: ${retired.join(', ') || 'none'}`,
        `New: ${created.join(', ')}`,
        'Restart every API replica: each signs with the new keys from its next start.',
        '',
      ].join('\n'),
    );
  } finally {
    await db.close();
  }
}

runCommand('key rotation', main);
