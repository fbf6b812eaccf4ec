#!/usr/bin/env node
// Playwright's webServer for the API: a fresh PostgreSQL database cloned from the migrated
// template (@portico/db/testing; PGlite under DATA_DIR when no server answers), then the built
// API (apps/api/dist/server.js) on it. The database's URL is written to
// DATA_DIR/database-url for the test workers (ageSession). On SIGTERM or SIGINT (Playwright's
// gracefulShutdown) the API is stopped and the database dropped; a database left behind by a
// SIGKILL is dropped by the next run (its name carries this process's pid).
//
// Every other setting (PORT, PUBLIC_URL, DATA_DIR, SMTP_URL, TRUST_PROXY, ADMIN_*) comes from
// the environment playwright.config.ts gives it.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, startDatabaseRelay } from '@portico/db/testing';

const server = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
const dataDir = process.env.DATA_DIR;
if (!dataDir) {
  console.error('[start-api] DATA_DIR must be set (playwright.config.ts sets it).');
  process.exit(1);
}

/**
 * The API reaches PostgreSQL through a relay (@portico/db/testing) whose control endpoint
 * (POST /cut, /restore) goes to DATA_DIR/db-relay-url: the outage test cuts the database away
 * from the API without stopping the server (tests/outage.spec.ts).
 */
async function relayControl(relay) {
  const control = http.createServer((request, response) => {
    const action =
      request.url === '/cut' ? relay.shut : request.url === '/restore' ? relay.open : undefined;
    if (request.method !== 'POST' || !action) return response.writeHead(404).end();
    action().then(
      () => response.writeHead(204).end(),
      (error) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${control.address().port}`;
}

const database = await createTestDatabase();
const env = { ...process.env };
if (database.url) {
  const relay = await startDatabaseRelay(database.url);
  env.DATABASE_URL = relay.url;
  writeFileSync(path.join(dataDir, 'db-relay-url'), `${await relayControl(relay)}\n`);
  writeFileSync(path.join(dataDir, 'database-url'), `${database.url}\n`);
  console.log(`[start-api] database ${new URL(database.url).pathname.slice(1)}`);
} else {
  // No PostgreSQL here: the API opens its own embedded database in DATA_DIR.
  await database.drop();
  console.log('[start-api] no PostgreSQL: the API uses PGlite in DATA_DIR');
}

const api = spawn(process.execPath, [server], { env, stdio: 'inherit' });
let stopping = false;

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (api.exitCode === null && api.signalCode === null) {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill(signal);
    await exited;
  }
  await database.drop().catch((error) => console.error('[start-api] drop failed:', error));
  process.exit(0);
}

process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
api.once('exit', (code, signal) => {
  if (stopping) return;
  console.error(`[start-api] the API stopped (${signal ?? `exit code ${code}`})`);
  stopping = true;
  void database.drop().finally(() => process.exit(code ?? 1));
});
