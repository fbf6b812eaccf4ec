import { runCommand } from '../cli/run-command.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db.js';
import { attachSiemSink } from '../audit/siem/publish.js';
import type { SinkLog } from '../audit/siem/sinks.js';
import { createSiemSink } from '../audit/siem/sinks.js';
import { resetPasswordByOperator, unlockAccount } from './operator-actions.js';

/**
 * `pnpm admin:unlock <username>` and `pnpm admin:reset-password <username>`: the break-glass
 * path on the configured database (DATABASE_URL, or the embedded one in DATA_DIR; stop the
 * server first when it is the embedded one, which one process opens at a time).
 */
const USAGE = 'usage: admin:unlock <username> | admin:reset-password <username>';

async function main(argv: string[]): Promise<number> {
  const [command, username, ...rest] = argv;
  if (!username || rest.length > 0 || (command !== 'unlock' && command !== 'reset-password')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  // The operator's actions reach the SIEM like the server's; stdout is the operator's (it
  // carries the reset link), so events meant for stdout go to stderr.
  const sink = createSiemSink(
    config.SIEM_LOG.kind === 'stdout' ? { kind: 'stderr' } : config.SIEM_LOG,
    stderrLog,
  );
  if (sink) attachSiemSink(db.prisma, sink);
  try {
    // As the server would at start: the lockout's columns may be newer than the database.
    await db.migrate();
    if (command === 'unlock') {
      const account = await unlockAccount(db, username);
      process.stdout.write(
        `${account.username} is unlocked (status ${account.status}); every failure count is 0.\n`,
      );
    } else {
      const reset = await resetPasswordByOperator(db, username, config.PUBLIC_URL);
      process.stdout.write(
        [
          `${username} must set a new password; every session of the account has ended.`,
          `One-time link, valid for ${reset.validMinutes} minutes (hand it over privately):`,
          reset.link,
          '',
        ].join('\n'),
      );
    }
    return 0;
  } finally {
    await sink?.close();
    await db.close();
  }
}

const stderrLog: SinkLog = {
  warn: (fields, message) => process.stderr.write(`${message}: ${JSON.stringify(fields)}\n`),
  info: (fields, message) => process.stderr.write(`${message}: ${JSON.stringify(fields)}\n`),
};

runCommand('break-glass', () => main(process.argv.slice(2)));
