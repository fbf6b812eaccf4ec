import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase } from '@portico/db/testing';
import { haproxyVersion, startHaproxy } from './haproxy.js';
import type { Haproxy } from './haproxy.js';
import { startMailPeer } from './mail-peer.js';
import type { MailPeer } from './mail-peer.js';
import { freePort } from './ports.js';
import { startReplica, stopReplica } from './replicas.js';
import type { Replica } from './replicas.js';

/** The platform administrator the replicas bootstrap on the empty database. */
export const ADMIN = {
  username: 'portico_admin',
  email: 'admin@portico.local',
  password: 'Replicas-Admin-Pass-1',
} as const;

/**
 * Redis for the rate-limit counters. The server is shared with other checkouts on the
 * development machines: a database number of its own (7), and client addresses drawn at random
 * per run (clientIp()) so no two runs count the same keys.
 */
const REDIS_URL = process.env.PORTICO_REPLICAS_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

export const REPLICA_NAMES = ['r1', 'r2', 'r3'] as const;

export interface Stack {
  /** The balancer's address (what clients call). */
  url: string;
  /** PUBLIC_URL of every replica: http://localhost:<balancer port> (the portal's origin). */
  publicUrl: string;
  replicas: Replica[];
  haproxy: Haproxy;
  mail: MailPeer;
  /** The run's own database (a clone of the migrated template, dropped by stop()). */
  sql: pg.Pool;
  stop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database (cloned as every test database is: @portico/db/testing, on
 * TEST_DATABASE_URL's server or the local one), a mail peer, three API processes on them and
 * Redis, and HAProxy in front.
 */
export async function startStack(): Promise<Stack> {
  console.info(`[replicas] ${haproxyVersion()}`);
  const database = await createTestDatabase();
  if (!database.url) {
    await database.drop();
    throw new Error('the replicas test needs PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-replicas-'));
  const mail = await startMailPeer();
  const balancerPort = await freePort();
  const publicUrl = `http://localhost:${balancerPort}`;
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL,
    SMTP_URL: mail.url,
    PUBLIC_URL: publicUrl,
    // HAProxy connects from loopback and names the client in X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1,::1',
    OIDC_KEY_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOCALHOST_REDIRECTS: 'true',
    SERVE_PORTAL: 'false',
    LOG_LEVEL: 'warn',
    MAIL_POLL_MS: '200',
    UV_THREADPOOL_SIZE: '2',
  };
  const replicas: Replica[] = [];
  let haproxy: Haproxy | undefined;
  const sql = new pg.Pool({ connectionString: database.url, max: 4 });
  // An idle connection the server ends (the clone dropped WITH (FORCE) at the end, or another
  // run's clean-up) is not this run's failure; a query on it still fails where it is made.
  sql.on('error', (error) => console.warn(`[replicas] idle connection ended: ${error.message}`));

  async function stop() {
    await haproxy?.stop().catch(() => {});
    await Promise.all(replicas.map((replica) => stopReplica(replica)));
    await sql.end().catch(() => {});
    await mail.close().catch(() => {});
    await database.drop();
    if (!process.env.PORTICO_REPLICAS_KEEP) rmSync(dir, { recursive: true, force: true });
    else console.info(`[replicas] kept ${dir}`);
  }

  try {
    // Started together, as a rollout does: migrations, bootstrap and the OIDC keys race.
    const ports = await Promise.all(REPLICA_NAMES.map(() => freePort()));
    const started = await Promise.allSettled(
      REPLICA_NAMES.map((name, i) => startReplica({ name, port: ports[i]!, dir, env })),
    );
    for (const result of started) if (result.status === 'fulfilled') replicas.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    haproxy = await startHaproxy({
      dir,
      port: balancerPort,
      backends: replicas.map((r) => ({ name: r.name, port: r.port })),
      healthPath: '/v1/health/ready',
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: haproxy.url, publicUrl, replicas, haproxy, mail, sql, stop };
}

/** Client addresses of their own for this run: 10.<random>.<x>.<y>, a new one each call. */
const runOctet = 1 + (randomBytes(1)[0]! % 250);
const runBase = randomBytes(1)[0]! % 150;
let nextHost = 0;
export function clientIp(): string {
  const n = nextHost++;
  if (n >= 100 * 250) throw new Error('clientIp: too many addresses in one run');
  return `10.${runOctet}.${runBase + Math.floor(n / 250)}.${(n % 250) + 1}`;
}
