import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import { openDatabase } from '@portico/db';
import type { DatabaseRelay, TestDatabase } from '@portico/db/testing';
import { createTestDatabase, startDatabaseRelay } from '@portico/db/testing';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db.js';
import { freshIp, knownDevice } from '../src/auth/sign-in.fixtures.js';
import { b64, bootstrapPlatform, createUser, openTestSession } from './factories.js';
import type { TestApp } from './harness.js';

/**
 * A database outage, for real: the API reaches PostgreSQL through a TCP relay that the test
 * shuts (every connection cut, new ones refused) and opens again. Every call then answers 503
 * `unavailable` with Retry-After, never 500 or a stack, the log says so without a stack, and
 * the API recovers by itself once the database is back.
 */

describe('a database outage', () => {
  let database: TestDatabase;
  let relay: DatabaseRelay;
  let db: Database;
  let app: FastifyInstance;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error('the outage test needs PostgreSQL (TEST_DATABASE_URL)');
    relay = await startDatabaseRelay(database.url);
    db = await openDatabase({ url: relay.url, poolSize: 4 });
    const config = loadConfig({ NODE_ENV: 'test', SERVE_PORTAL: 'false', LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    app = await buildApp({ config, db, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await relay.shut();
    await database.drop();
  });

  it('answers 503 unavailable with Retry-After for every call, then recovers', async () => {
    // The data lives in the same database; the factories write through the relayed client.
    const t = { app, db, close: async () => undefined } satisfies TestApp;
    await bootstrapPlatform(t);
    const user = await createUser(t);
    await knownDevice(t, user.id);
    const session = await openTestSession(t, user);
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/v1/auth',
        remoteAddress: freshIp(),
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/126.0.0.0' },
        payload: {
          uname: b64(user.username),
          pass: b64(user.password),
          client: PORTAL_CLIENT_ID,
          redirect: '/',
          dcd: 'fingerprint-1',
        },
      });
    const details = () =>
      app.inject({ method: 'GET', url: '/v1/auth/details', headers: { cookie: session.cookie } });
    const health = () => app.inject({ method: 'GET', url: '/v1/health' });

    expect((await details()).statusCode).toBe(200);

    await relay.shut();
    logLines.length = 0;
    for (const answer of [await signIn(), await details(), await health()]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json().Code).toBe('unavailable');
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.body).not.toMatch(/prisma|ECONNREFUSED|at .*\.js|SELECT/i);
    }
    // Logged as an outage (warn, without a stack), never as an unexpected error.
    expect(logLines.some((l) => l.msg === 'database unavailable' && l.level === 40)).toBe(true);
    expect(logLines.some((l) => l.level === 50)).toBe(false);
    expect(JSON.stringify(logLines)).not.toContain('"stack"');

    await relay.open();
    expect((await details()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);
    // Past the password again (the user simply has no company on the portal).
    expect((await signIn()).json().Code).toBe('access_not_found');
  });
});
