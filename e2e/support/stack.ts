import fs from 'node:fs';
import path from 'node:path';
import { API_PORT } from '@portico/contracts';

/**
 * The end-to-end stack's addresses and test credentials, shared by playwright.config.ts (which
 * starts the servers) and the fixtures (which talk to them). Ports can be moved with
 * PORTICO_E2E_SMTP_PORT and PORTICO_E2E_MAIL_PORT when something else holds them.
 */
export const API_ORIGIN = `http://localhost:${API_PORT}`;
export const SMTP_PORT = Number(process.env.PORTICO_E2E_SMTP_PORT ?? 2525);
export const MAIL_HTTP_PORT = Number(process.env.PORTICO_E2E_MAIL_PORT ?? 2526);
export const MAIL_PEER_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`;

/** The platform administrator the API creates on the run's empty database. */
export const ADMIN = {
  username: 'portico_admin',
  email: 'admin@portico.local',
  password: process.env.PORTICO_E2E_ADMIN_PASSWORD ?? 'E2e-Admin-Pass-1',
} as const;

/**
 * The API's device-type gate wants a browser for web clients, and Playwright's request contexts
 * are not one: API calls made outside a page present themselves as Chrome on Linux.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** The run's data folder (playwright.config.ts decides it once; workers inherit it). */
export function dataDir(): string {
  const dir = process.env.PORTICO_E2E_DATA_DIR;
  if (!dir) throw new Error('PORTICO_E2E_DATA_DIR is not set: run the tests through Playwright.');
  return dir;
}

/**
 * The run's PostgreSQL database, written by e2e/stack/start-api.mjs once it created it;
 * undefined when the API runs on embedded PGlite (no PostgreSQL server answered).
 */
export function databaseUrl(): string | undefined {
  const file = path.join(dataDir(), 'database-url');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

/** The admin's API device fingerprint: global-setup.ts verifies it once per run. */
export const ADMIN_DEVICE = 'e2e-platform-admin-device';
/** The client address of the run's set-up (workers use 10.<n>.x.x from n = 1). */
export const SETUP_CLIENT_IP = '10.0.0.1';
