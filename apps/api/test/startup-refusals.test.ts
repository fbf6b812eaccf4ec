import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real entry point refusing a configuration it cannot run with: before it touches the
 * database (no migration, no embedded database made), with the message naming the variable, and
 * with no secret of the environment in what it prints.
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-refusals-'));

function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { ...process.env, SERVE_PORTAL: 'false', DATA_DIR: dataDir, PORT: '1', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('start-up refusals', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses production on PostgreSQL without OIDC_KEY_SECRET before connecting to it', async () => {
    // Nothing listens on port 1: a refusal after connecting would be ECONNREFUSED instead.
    const run = await startServer({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://portico:Hunter2database@127.0.0.1:1/portico',
      OIDC_KEY_SECRET: '',
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain('Invalid configuration:');
    expect(run.output).toContain('OIDC_KEY_SECRET: required in production on PostgreSQL');
    expect(run.output).not.toContain('ECONNREFUSED');
    expect(run.output).not.toContain('Hunter2database');
  }, 60_000);

  it('refuses a TRUST_PROXY Fastify cannot read, naming it, before making a database', async () => {
    const run = await startServer({ NODE_ENV: 'development', TRUST_PROXY: 'yes' });
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      'TRUST_PROXY: TRUST_PROXY must be true, false or a comma-separated list of proxy IP addresses/CIDRs (got "yes")',
    );
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 60_000);
});
