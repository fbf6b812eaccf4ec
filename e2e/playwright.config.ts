import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { API_PORT } from '@portico/contracts';

/**
 * Playwright drives Debian's Chromium against the real API, which serves the built portal on
 * port 1234 with a fresh embedded database. It never downloads a browser: the executable is
 * CHROMIUM_PATH, else the one `node scripts/ensure-chromium.mjs` wrote to e2e/.chromium-path,
 * else /usr/bin/chromium.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const origin = `http://localhost:${API_PORT}`;

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
 * A fresh data folder per run, so the API opens a new embedded database. Workers load this file
 * again and inherit the variable, so they name the same folder; the run that made it removes it.
 */
function freshDataDir(): string {
  const inherited = process.env.PORTICO_E2E_DATA_DIR;
  if (inherited) return inherited;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-e2e-'));
  process.env.PORTICO_E2E_DATA_DIR = dir;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 1 : undefined,
  reporter: [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }]],
  use: {
    baseURL: origin,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node ../apps/api/dist/server.js',
    cwd: here,
    url: `${origin}/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: freshDataDir(),
      PORT: String(API_PORT),
      PUBLIC_URL: origin,
    },
  },
});
