import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { TestUser } from '../../test/factories.js';
import { b64, createUser } from '../../test/factories.js';
import { locksWaiting } from '../../test/row-lock.js';
import { verifySecret } from '../credentials/argon2.js';
import { storeResetToken } from './reset-token.js';

/**
 * A Forgot-password link mailed while the account was still active, used after the account was
 * blocked (failed sign-ins): only an administrator's reset lifts a block, so the block expires
 * the link like a newer link would, and the reset changes nothing.
 */
describe('reset links of an account blocked after they were mailed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** What the mail worker stores and mails for a Forgot-password request. */
  async function mailedCode(user: TestUser): Promise<string> {
    const link = await t.db.prisma.$transaction((tx) =>
      storeResetToken(tx, 'https://portal.example.test', { user, reason: 'forgot' }),
    );
    return new URL(link).searchParams.get('code') as string;
  }

  const post = (path: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/v1/forgot/${path}`, payload });

  async function expectUnchanged(user: TestUser) {
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.status).toBe('blocked');
    expect(row.passwordChangedAt).toBeNull();
    expect(await verifySecret(row.passwordHash, user.password)).toBe(true);
    const tokens = await t.db.prisma.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(tokens.map((token) => token.usedAt)).toEqual([null]);
  }

  it('answers forgot_expired to validate and update, and leaves the account blocked', async () => {
    const user = await createUser(t);
    const code = await mailedCode(user);
    await t.db.prisma.user.update({ where: { id: user.id }, data: { status: 'blocked' } });

    const validate = await post('validate', { code });
    expect(validate.statusCode).toBe(409);
    expect(validate.json()).toMatchObject({ Code: 'forgot_expired' });
    const reset = await post('update', {
      code,
      pass: b64('BrandNew42'),
      username: user.username,
    });
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toMatchObject({ Code: 'forgot_expired' });
    await expectUnchanged(user);
  });

  it('refuses the reset when the block commits while the reset waits for the account', async (ctx) => {
    // A lock held on a connection of the test's own while the reset runs: PostgreSQL only.
    if (!t.url) return ctx.skip();
    const user = await createUser(t);
    const code = await mailedCode(user);
    const side = new pg.Client({ connectionString: t.url });
    await side.connect();
    try {
      // Failed sign-ins block the account; that change holds the row until it commits, and
      // the reset read the account (still active) before it.
      await side.query('BEGIN');
      await side.query(`UPDATE users SET status = 'blocked' WHERE id = $1`, [user.id]);
      const pending = post('update', { code, pass: b64('BrandNew42'), username: user.username });
      await expect.poll(() => locksWaiting(t)).toBe(1);
      await side.query('COMMIT');
      expect((await pending).json()).toMatchObject({ Code: 'forgot_expired' });
    } finally {
      await side.end();
    }
    await expectUnchanged(user);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'password.reset', target: user.id } }),
    ).toBe(0);
  });
});
