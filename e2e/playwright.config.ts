import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { API_PORT } from '@portico/contracts';
import { ADMIN, API_ORIGIN, MAIL_HTTP_PORT, MAIL_PEER_URL, SMTP_PORT } from './support/stack.js';

/**
 * Playwright drives Debian's Chromium against the real stack (e2e/stack/):
 * - the mail peer: a real SMTP server the API delivers to, whose messages the tests read;
 * - the built API, serving the built portal on port 1234, on a fresh PostgreSQL database cloned
 *   for this run and dropped at the end (embedded PGlite when no PostgreSQL answers), trusting
 *   X-Forwarded-For from loopback so each test presents its own client address.
 * It never downloads a browser: the executable is CHROMIUM_PATH, else the one
 * `node scripts/ensure-chromium.mjs` wrote to e2e/.chromium-path, else /usr/bin/chromium.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** The launch arguments that work on the build machines (shared/ENVIRONMENT.md, Browser). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const chosenFile = path.join(here, '.chromium-path');
  const chosen = fs.existsSync(chosenFile) ? fs.readFileSync(chosenFile, 'utf8').trim() : '';
  return chosen && fs.existsSync(chosen) ? chosen : '/usr/bin/chromium';
}

/**
 * A fresh data folder per run: the API's DATA_DIR, and where start-api.mjs records the run's
 * database URL for the workers. Workers load this file again and inherit the variable, so they
 * name the same folder; the run that made it removes it.
 */
function freshDataDir(): string {
  const inherited = process.env.PORTICO_E2E_DATA_DIR;
  if (inherited) return inherited;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-e2e-'));
  process.env.PORTICO_E2E_DATA_DIR = dir;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Playwright sends this to each server's process group at the end, so they clean up. */
const GRACEFUL = { signal: 'SIGTERM', timeout: 15_000 } as const;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 1 : undefined,
  reporter: [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: API_ORIGIN,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'node stack/mail-peer.mjs',
      cwd: here,
      url: `${MAIL_PEER_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: GRACEFUL,
      env: {
        PORTICO_E2E_SMTP_PORT: String(SMTP_PORT),
        PORTICO_E2E_MAIL_PORT: String(MAIL_HTTP_PORT),
      },
    },
    {
      command: 'node stack/start-api.mjs',
      cwd: here,
      url: `${API_ORIGIN}/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: GRACEFUL,
      env: {
        DATA_DIR: freshDataDir(),
        PORT: String(API_PORT),
        PUBLIC_URL: API_ORIGIN,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // The test workers reach the API over loopback and name their client in X-Forwarded-For.
        TRUST_PROXY: '127.0.0.1,::1',
        // The relying parties of the journeys listen on http://localhost.
        LOCALHOST_REDIRECTS: 'true',
        // The run's own database: a throwaway secret for the OpenID Provider's keys.
        OIDC_KEY_SECRET: randomBytes(32).toString('base64url'),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
