import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './ports.js';

/** The built API, as `pnpm start` and the images run it. */
const SERVER = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));

export interface Replica {
  name: string;
  port: number;
  process: ChildProcess;
  /** Resolves when the process is gone (a SIGKILL included). */
  exited: Promise<void>;
}

/**
 * One API process of the built app on `port`, with the settings every replica shares (`env`:
 * one DATABASE_URL, REDIS_URL, SMTP_URL, PUBLIC_URL, OIDC_KEY_SECRET) and a data folder of its
 * own, once its health call answers.
 */
export async function startReplica(options: {
  name: string;
  port: number;
  dir: string;
  env: Record<string, string>;
}): Promise<Replica> {
  const dataDir = path.join(options.dir, options.name);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const health = `http://127.0.0.1:${options.port}/v1/health/ready`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`replica ${options.name} exited at start`);
    try {
      if ((await fetch(health)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 600) {
      child.kill('SIGKILL');
      throw new Error(`replica ${options.name} did not become healthy`);
    }
    await sleep(100);
  }
  return { name: options.name, port: options.port, process: child, exited };
}

/** SIGTERM (the server closes gracefully), then its exit. */
export async function stopReplica(replica: Replica): Promise<void> {
  if (replica.process.exitCode !== null || replica.process.signalCode !== null) return;
  replica.process.kill('SIGTERM');
  await Promise.race([replica.exited, sleep(15_000)]);
  if (replica.process.exitCode === null && replica.process.signalCode === null) {
    replica.process.kill('SIGKILL');
    await replica.exited;
  }
}
