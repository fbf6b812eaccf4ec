import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { holdRow, locksWaiting } from '../../test/row-lock.js';
import { createUser, openTestSession } from '../../test/factories.js';
import { deleteOwnAccount, startErasureApp } from '../erasure/erasure.fixtures.js';
import { queueForgotLink } from './forgot-job.js';

/**
 * A Forgot-password request done by the mail worker (forgot-job.ts) while the account changes
 * under it: the account is read before the worker's transaction, and what commits in between
 * must decide what is sent.
 */
describe('forgot password racing the account', () => {
  let t: TestApp;
  let deletable: string;
  beforeAll(async () => {
    ({ t, deletable } = await startErasureApp());
  });
  afterAll(() => t.close());

  const tokensOf = (userId: string) => t.db.prisma.passwordResetToken.count({ where: { userId } });

  it('sends no link to an account blocked after the request was read', async (ctx) => {
    // A lock held on a connection of the test's own while the job runs: PostgreSQL only.
    if (!t.url) return ctx.skip();
    const user = await createUser(t);
    const side = new pg.Client({ connectionString: t.url });
    await side.connect();
    try {
      // Failed sign-ins block the account; that change holds the row until it commits.
      await side.query('BEGIN');
      await side.query(`UPDATE users SET status = 'blocked' WHERE id = $1`, [user.id]);
      const job = queueForgotLink(t.app, { identifier: user.username, ip: '10.9.0.1' });
      await expect.poll(() => locksWaiting(t)).toBe(1);
      await side.query('COMMIT');
      await job;
    } finally {
      await side.end();
    }
    // Only an administrator's reset lifts a block: no link, no event.
    expect(await tokensOf(user.id)).toBe(0);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'password.forgot', target: user.id } }),
    ).toBe(0);
  });

  it('does nothing, and does not fail, for an account erased after the request was read', async () => {
    const user = await createUser(t);
    const session = await openTestSession(t, user, { clientId: deletable });
    // The erasure stops on a queued mail to the address (it deletes those), its account row
    // already locked; the mail is not due, so the worker leaves it alone.
    const mail = await t.db.prisma.mailJob.create({
      data: {
        kind: 'mail',
        payload: { to: user.email, subject: 'Earlier', text: 'Earlier' },
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      },
    });
    const held = await holdRow(t, 'mail_jobs', mail.id);
    const erasure = deleteOwnAccount(t, session.cookie, user.password);
    await held.waitingOnLocks(1);
    // The worker reads the account (still there), then queues on it.
    const job = queueForgotLink(t.app, { identifier: user.email, ip: '10.9.0.2' });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await erasure).json().Code).toBe('200');
    // Done, not failed: a failure is retried and logged for an account that is gone.
    await expect(job).resolves.toBeUndefined();
    expect(await t.db.prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(
      await t.db.prisma.mailJob.count({ where: { payload: { path: ['to'], equals: user.email } } }),
    ).toBe(0);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'password.forgot', target: user.id } }),
    ).toBe(0);
  });
});
