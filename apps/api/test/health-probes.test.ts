import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '@portico/db';
import type { DatabaseRelay, TestDatabase } from '@portico/db/testing';
import { createTestDatabase, startDatabaseRelay } from '@portico/db/testing';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db.js';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

/**
 * Liveness and readiness (docs/operations.md, "Health") with real outages: PostgreSQL and Redis
 * behind TCP relays that the tests cut, and a mail queue that no worker drains.
 */

const live = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/v1/health/live' });
const ready = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/v1/health/ready' });

/** Readiness until it answers `status` (a reconnection takes ioredis a moment), at most ~10 s. */
async function readyUntil(app: FastifyInstance, status: number) {
  for (let tries = 0; ; tries += 1) {
    const res = await ready(app);
    if (res.statusCode === status || tries >= 50) return res;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('liveness and readiness with PostgreSQL and Redis through relays', () => {
  let database: TestDatabase;
  let dbRelay: DatabaseRelay;
  let redisRelay: DatabaseRelay;
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error('the outage test needs PostgreSQL (TEST_DATABASE_URL)');
    dbRelay = await startDatabaseRelay(database.url);
    // The relay is plain TCP: it serves Redis as well as PostgreSQL.
    redisRelay = await startDatabaseRelay('redis://127.0.0.1:6379/14');
    db = await openDatabase({ url: dbRelay.url, poolSize: 4 });
    const config = loadConfig({
      NODE_ENV: 'test',
      SERVE_PORTAL: 'false',
      REDIS_URL: redisRelay.url,
      RATE_LIMIT_FAIL_OPEN: 'true',
    });
    app = await buildApp({ config, db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await dbRelay.shut();
    await redisRelay.shut();
    await database.drop();
  });

  it('is ready when every dependency answers', async () => {
    const res = await ready(app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Code: '200',
      Msg: { status: 'ready', checks: { database: 'up', redis: 'up', mail_queue: 'up' } },
    });
    expect((await live(app)).json()).toEqual({ Code: '200', Msg: { status: 'ok' } });
  });

  it('answers 503 naming Redis while Redis is away, and stays live', async () => {
    await redisRelay.shut();
    const res = await readyUntil(app, 503);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      Code: 'unavailable',
      Msg: { status: 'not_ready', checks: { database: 'up', redis: 'down', mail_queue: 'up' } },
    });
    expect((await live(app)).statusCode).toBe(200);
    await redisRelay.open();
    expect((await readyUntil(app, 200)).statusCode).toBe(200);
  });

  it('answers 503 naming the database while it is away, without internals, and stays live', async () => {
    await dbRelay.shut();
    const res = await ready(app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      Code: 'unavailable',
      Msg: { status: 'not_ready', checks: { database: 'down', redis: 'up', mail_queue: 'down' } },
    });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at .*\.js|SELECT|prisma/i);
    const alive = await live(app);
    expect(alive.statusCode).toBe(200);
    await dbRelay.open();
    expect((await readyUntil(app, 200)).statusCode).toBe(200);
  });
});

describe('readiness and a mail queue no worker drains', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The worker looks only once an hour: a due job stays untaken.
    t = await startTestApp({ MAIL_POLL_MS: '3600000', READY_MAIL_BACKLOG_MINUTES: '10' });
  });
  afterAll(() => t.close());

  const job = (minutesAgo: number) =>
    t.db.prisma.mailJob.create({
      data: {
        kind: 'mail',
        payload: {},
        nextAttemptAt: new Date(Date.now() - minutesAgo * 60_000),
      },
    });

  it('is ready with a recent backlog, and not once a job waited past the bound', async () => {
    await job(5);
    expect((await ready(t.app)).json().Msg).toMatchObject({ status: 'ready' });
    const stuck = await job(11);
    const res = await ready(t.app);
    expect(res.statusCode).toBe(503);
    expect(res.json().Msg).toEqual({
      status: 'not_ready',
      checks: { database: 'up', redis: 'off', mail_queue: 'stuck' },
    });
    // A job a worker holds is being worked on, not stuck.
    await t.db.prisma.mailJob.update({
      where: { id: stuck.id },
      data: { lockedUntil: new Date(Date.now() + 60_000) },
    });
    expect((await ready(t.app)).statusCode).toBe(200);
  });
});
