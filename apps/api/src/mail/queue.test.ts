import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestDatabase } from '@portico/db/testing';
import { createTestDatabase } from '@portico/db/testing';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import { createUser, unique } from '../../test/factories.js';
import { startMailWorker } from './worker.js';
import type { OutgoingMail } from './mailer.js';

/**
 * The durable mail queue with real replicas: several API instances on one PostgreSQL and a real
 * SMTP peer. A Forgot request writes the same single job whatever the account; a stopped or
 * crashed instance loses nothing; two workers never send one mail twice; a mail that cannot be
 * sent for MAIL_GIVE_UP_HOURS is given up.
 */
describe('the mail queue', () => {
  let database: TestDatabase;
  let peer: MailPeer;
  let dataDir: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    peer = await startMailPeer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'portico-queue-'));
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    peer.refuse(false);
    await database.db.prisma.mailJob.deleteMany();
  });
  afterAll(async () => {
    await database.drop();
    await peer.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** An API instance (a replica) on the shared database. */
  async function replica(settings: Record<string, string> = {}) {
    const config = loadConfig({
      NODE_ENV: 'test',
      SERVE_PORTAL: 'false',
      DATA_DIR: dataDir,
      SMTP_URL: peer.url,
      MAIL_POLL_MS: '100',
      MAIL_RETRY_MS: '100',
      ...settings,
    });
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    apps.push(app);
    return app;
  }

  let ip = 0;
  const forgot = (app: FastifyInstance, identifier: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/forgot/request',
      payload: { email: identifier },
      remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
    });
  const t = () => ({ app: apps[0] as FastifyInstance, db: database.db, close: async () => {} });

  it('writes the same single job for a known, an unknown and a blocked account, and sends nothing during the request', async () => {
    const app = await replica();
    await app.mailQueue.stop();
    const known = await createUser(t());
    const blocked = await createUser(t(), { status: 'blocked' });
    const answers = [];
    for (const identifier of [known.email, unique('nobody_'), blocked.username]) {
      answers.push((await forgot(app, identifier)).json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ Code: '200', Msg: 'Reset link sent' })]),
    );
    const jobs = await database.db.prisma.mailJob.findMany();
    expect(jobs.map((job) => job.kind)).toEqual([
      'password.forgot',
      'password.forgot',
      'password.forgot',
    ]);
    expect(await database.db.prisma.passwordResetToken.count()).toBe(0);
    expect(peer.messages.filter((m) => m.to.includes(known.email))).toEqual([]);
  });

  it('loses nothing when the instance stops before sending: another one delivers', async () => {
    const first = await replica();
    const user = await createUser(t());
    peer.refuse(true);
    expect((await forgot(first, user.username)).json()).toMatchObject({ Code: '200' });
    // Refused at least once, then the instance goes away with the work still queued.
    await expect
      .poll(async () => (await database.db.prisma.mailJob.findFirst())?.lastError ?? '')
      .toContain('mail_failed');
    await first.close();
    apps.splice(0);
    peer.refuse(false);

    await replica();
    const mail = await peer.nextMailTo(user.email);
    expect(mail.text).toMatch(/reset\?code=[\w-]+/);
    await expect.poll(() => database.db.prisma.mailJob.count()).toBe(0);
  });

  it('sends each mail once with two replicas draining at the same time', async () => {
    const [a, b] = [await replica(), await replica()];
    const users = [];
    for (let i = 0; i < 10; i++) users.push(await createUser(t()));
    const before = peer.messages.length;
    await Promise.all(users.map((user, i) => forgot(i % 2 ? a : b, user.email)));
    await Promise.all([a.mailQueue.drain(), b.mailQueue.drain()]);
    await expect.poll(() => database.db.prisma.mailJob.count()).toBe(0);
    await expect.poll(() => peer.messages.length - before).toBe(10);
    for (const user of users) {
      expect(peer.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    }
  });

  it('never sends a job whose claim ran out while an earlier one of the batch was sending', async () => {
    const app = await replica();
    await app.mailQueue.stop();
    const jobOf = (to: string, secondsAgo: number) =>
      database.db.prisma.mailJob.create({
        data: {
          kind: 'mail',
          payload: { to, subject: 'S', text: 'T' },
          nextAttemptAt: new Date(Date.now() - secondsAgo * 1000),
        },
      });
    const slow = await jobOf('slow@example.test', 2);
    const later = await jobOf('later@example.test', 1);

    const sent: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const noop = async () => {};
    const handlersOf = (wait: boolean) => ({
      mail: async (mail: OutgoingMail) => {
        sent.push(mail.to);
        if (wait && mail.to === 'slow@example.test') await held;
      },
      'password.forgot': noop,
      'oidc.backchannel_logout': noop,
    });
    // Replica A claims both and hangs on the first send (a slow SMTP server)...
    const a = startMailWorker(app, handlersOf(true));
    a.wake();
    await expect.poll(() => sent).toEqual(['slow@example.test']);
    // ...long enough for the second claim to run out: replica B takes it and sends it.
    await database.db.prisma.mailJob.update({
      where: { id: later.id },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    const b = startMailWorker(app, handlersOf(false));
    await b.drain();
    expect(sent).toEqual(['slow@example.test', 'later@example.test']);

    release();
    await a.drain();
    await Promise.all([a.stop(), b.stop()]);
    expect(sent).toEqual(['slow@example.test', 'later@example.test']);
    expect(
      await database.db.prisma.mailJob.count({ where: { id: { in: [slow.id, later.id] } } }),
    ).toBe(0);
  });

  it('gives a mail up after MAIL_GIVE_UP_HOURS of refusals', async () => {
    const app = await replica({ MAIL_GIVE_UP_HOURS: '1' });
    await app.mailQueue.stop();
    peer.refuse(true);
    await database.db.prisma.mailJob.create({
      data: {
        kind: 'mail',
        payload: { to: 'late@example.test', subject: 'Late', text: 'Too late' },
        createdAt: new Date(Date.now() - 2 * 3600_000),
      },
    });
    const other = await replica({ MAIL_GIVE_UP_HOURS: '1' });
    await other.mailQueue.drain();
    expect(await database.db.prisma.mailJob.count()).toBe(0);
    expect(peer.messages.filter((m) => m.to.includes('late@example.test'))).toEqual([]);
  });
});
