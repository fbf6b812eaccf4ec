import type { Config } from '../config.js';
import type { InitialAdmin } from './bootstrap.js';

/**
 * Tells the operator, once, how to sign in as the first platform administrator. A generated
 * password goes to the terminal only (not through the structured logger, whose lines are
 * shipped and kept); it is never stored in plain text and never shown again.
 */
export function announceInitialAdmin(admin: InitialAdmin, config: Config): void {
  const lines = [
    'Portico: the first platform administrator was created.',
    `  username: ${admin.username}`,
    `  e-mail:   ${admin.email}`,
    admin.generatedPassword
      ? `  password: ${admin.generatedPassword}   (generated; shown only this once)`
      : '  password: the one given in ADMIN_PASSWORD',
    `  sign in:  ${config.PUBLIC_URL}/sso`,
  ];
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}
