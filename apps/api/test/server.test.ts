import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real entry point as a process: configuration refused with a clear message, a start on the
 * embedded database that announces the first administrator once, and a graceful stop on SIGTERM.
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-server-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startServer(
  env: Record<string, string>,
  whileRunning?: () => Promise<void>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    // tsx as a loader inside the server's own process, not its CLI: the CLI relays SIGTERM to a
    // child process and kills that child (exit 143) unless it acknowledges the signal within
    // 30 ms, which a server busy right after listening (it then makes the OpenID Provider)
    // cannot promise. The signal here reaches the server itself, as a process manager's does.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { ...process.env, SERVE_PORTAL: 'false', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    if (whileRunning) {
      whileRunning().then(
        () => child.kill('SIGTERM'),
        (error: unknown) => {
          child.kill('SIGKILL');
          reject(error);
        },
      );
    }
  });
}

async function waitForHealth(): Promise<Response> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    try {
      return await fetch(`http://127.0.0.1:${port}/v1/health`);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('the server did not answer');
}

describe('server process', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a bad configuration with a message naming the variable', async () => {
    const run = await startServer({ PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid configuration:');
    expect(run.stderr).toContain(
      'PORT: PORT must be a whole number from 1 to 65535 (got "eighty")',
    );
  });

  it('starts on the embedded database, announces the administrator once, and stops gracefully', async () => {
    let health: unknown;
    // SIEM_LOG=stdout (the default outside tests): the bootstrap's audit event is a JSON line.
    const first = await startServer(
      { PORT: String(port), HOST: '127.0.0.1', SIEM_LOG: 'stdout' },
      async () => {
        health = await (await waitForHealth()).json();
      },
    );
    expect(health).toMatchObject({ Code: '200', Msg: { database: 'up' } });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('the first platform administrator was created');
    expect(first.stdout).toMatch(/password: \S{20} {3}\(generated; shown only this once\)/);
    expect(first.stdout).toContain('"msg":"closing"');
    const events = first.stdout
      .split('\n')
      .filter((line) => line.includes('"schema":"portico.audit.v1"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toMatchObject([
      { action: 'platform.bootstrap', outcome: 'success', details: { admin: 'portico_admin' } },
    ]);
    const password = /password: (\S{20})/.exec(first.stdout)?.[1] ?? '(none)';
    expect(JSON.stringify(events)).not.toContain(password);

    const second = await startServer({ PORT: String(port), HOST: '127.0.0.1' }, async () => {
      await waitForHealth();
    });
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain('first platform administrator');
  }, 90_000);
});
