import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGIN_TITLE, SERVER_ERROR_PAGE, SHELL_MESSAGES } from '@portico/contracts';
import { expect, test } from '../support/fixtures.js';
import { startDbRelay, type DbRelay } from '../support/db-relay.js';
import { databaseUrl } from '../support/stack.js';

const SERVER = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
const PORT = 1299;
const ORIGIN = `http://localhost:${PORT}`;

/** Waits until the API at ORIGIN answers its health check (any status). */
async function answering(): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(`${ORIGIN}/v1/health`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('the second API did not start');
}

/**
 * Issue 12, item 4: with the database out of reach every call answers 503 unavailable, and the
 * portal shows the specification's Server Error page with Try again, which works once the
 * database is back. A second API on the run's database, through a relay the test cuts.
 */
test('a database outage shows the Server Error page, and Try again recovers', async ({ page }) => {
  const url = databaseUrl();
  test.skip(url === undefined, 'cutting the database needs the run on PostgreSQL');
  const database = new URL(url as string);
  let relay: DbRelay | undefined;
  let api: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portico-outage-'));
  try {
    relay = await startDbRelay({ host: database.hostname, port: Number(database.port || 5432) });
    const relayed = new URL(database);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    api = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        DATABASE_URL: relayed.href,
        PORT: String(PORT),
        PUBLIC_URL: ORIGIN,
        DATA_DIR: dataDir,
        MIGRATE_ON_START: 'false',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    await answering();

    await page.goto(`${ORIGIN}/sso`);
    await expect(page.getByRole('heading', { name: LOGIN_TITLE })).toBeVisible();

    await relay.cut();
    const answer = await fetch(`${ORIGIN}/v1/app/iconl?client=portico-portal`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(await answer.json()).toMatchObject({ Code: 'unavailable' });

    await page.reload();
    await expect(page.getByText(SERVER_ERROR_PAGE.title, { exact: true })).toBeVisible();
    await expect(page.getByText(SERVER_ERROR_PAGE.text)).toBeVisible();

    await relay.restore();
    await page.getByRole('button', { name: SHELL_MESSAGES.tryAgain }).click();
    await expect(page.getByRole('heading', { name: LOGIN_TITLE })).toBeVisible();
  } finally {
    api?.kill('SIGTERM');
    await relay?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
