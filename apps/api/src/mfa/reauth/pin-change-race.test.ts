import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../../test/harness.js';
import { startTestApp } from '../../../test/harness.js';
import { bootstrapPlatform, createUser, openTestSession } from '../../../test/factories.js';
import { locksWaiting } from '../../../test/row-lock.js';
import { hashSecret } from '../../credentials/argon2.js';

/**
 * A PIN change racing a re-authentication by MPIN (docs/mfa.md, "MPIN rules"): once the new
 * PIN is stored, the old one must not open anything, also for a guess that was already on its
 * way when the change committed. The change's transaction holds the PIN's row; the guess's
 * claim waits on it and is checked after the change.
 */
describe('a PIN change racing a PIN guess', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.15.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const OLD = '480213';
  const NEW = '735019';

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const byPin = (cookie: string, pin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/reauth',
      headers: { cookie },
      payload: {
        credential_type: 'mpin',
        credential_value: pin,
        client: PORTAL_CLIENT_ID,
        redirect: '/',
      },
      remoteAddress: nextIp(),
    });

  /** A user whose PIN is OLD, and a session awaiting the sign-in's confirmation by it. */
  async function confirming() {
    const user = await createUser(t);
    await t.db.prisma.pin.create({ data: { userId: user.id, hash: await hashSecret(OLD) } });
    await t.db.prisma.user.update({ where: { id: user.id }, data: { pinEnabled: true } });
    return { user, session: await openTestSession(t, user, { needsConfirmation: true }) };
  }

  /**
   * Sends `pin` while a PIN change to NEW holds the PIN's row (as setPin's upsert does), and
   * commits the change once the guess waits on it.
   */
  async function guessDuringChange(userId: string, cookie: string, pin: string) {
    const newHash = await hashSecret(NEW);
    let commit = () => {};
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const change = t.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT user_id FROM pins WHERE user_id = ${userId} FOR UPDATE`;
        locked();
        await committing;
        await tx.pin.update({ where: { userId }, data: { hash: newHash, failedCount: 0 } });
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const guess = byPin(cookie, pin);
    await expect.poll(() => locksWaiting(t)).toBe(1);
    commit();
    await change;
    return guess;
  }

  it('refuses the old PIN once the change committed', async () => {
    const { user, session } = await confirming();
    const answer = await guessDuringChange(user.id, session.cookie, OLD);
    expect(answer.json()).toMatchObject({ Code: 'invalid_pin' });
    const row = await t.db.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.lastSeenAt.getTime()).toBe(0);
  });

  it('accepts the new PIN once the change committed', async () => {
    const { user, session } = await confirming();
    const answer = await guessDuringChange(user.id, session.cookie, NEW);
    expect(answer.json()).toEqual({ Code: '200', Msg: 'Re-authenticated' });
  });
});
