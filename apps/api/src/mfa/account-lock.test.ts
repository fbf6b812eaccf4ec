import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { TestSession, TestUser } from '../../test/factories.js';
import { b64, bootstrapPlatform, createUser, openTestSession } from '../../test/factories.js';
import { locksWaiting } from '../../test/row-lock.js';
import { hashSecret, verifySecret } from '../credentials/argon2.js';
import { endSessionsWhere } from '../sessions/session-store.js';
import { SoftwareAuthenticator } from './test-authenticator.js';

/**
 * An administrator's password reset (or a block) landing while a factor change is on its way
 * (account-lock.ts): the reset ends every session because the account may be compromised, so
 * the MPIN, the toggles and a new passkey must not be written after it. The reset's
 * transaction holds the user row (as its UPDATE does, while the link is mailed); the change
 * waits on it and goes on once the reset committed.
 */
describe('factor changes racing a reset of the account', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.16.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const PIN = '480213';
  const NEW_PIN = '735019';

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const post = (session: TestSession, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: session.cookie },
      payload,
      remoteAddress: nextIp(),
    });

  /**
   * Starts `change` while a transaction holds the user's row, then, once the change waits on
   * it, turns the account to `status` there (ending its sessions for a reset) and commits.
   */
  async function duringReset<T>(
    userId: string,
    status: 'awaiting_reset' | 'blocked',
    change: () => Promise<T>,
  ): Promise<T> {
    let commit = () => {};
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const reset = t.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
        locked();
        await committing;
        await tx.user.update({ where: { id: userId }, data: { status } });
        // A block ends the sessions in a transaction of its own, after the status.
        if (status === 'awaiting_reset') {
          await endSessionsWhere(tx, { userId }, 'password_reset');
        }
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const answer = change();
    await expect.poll(() => locksWaiting(t)).toBe(1);
    commit();
    await reset;
    return answer;
  }

  async function withPin(): Promise<TestUser> {
    const user = await createUser(t);
    await t.db.prisma.pin.create({ data: { userId: user.id, hash: await hashSecret(PIN) } });
    return user;
  }
  const storedPinIs = async (userId: string, pin: string) =>
    verifySecret((await t.db.prisma.pin.findUniqueOrThrow({ where: { userId } })).hash, pin);
  const auditCount = (userId: string, action: string) =>
    t.db.prisma.auditEvent.count({ where: { actorId: userId, action } });

  it('does not change the MPIN after the reset', async () => {
    const user = await withPin();
    const session = await openTestSession(t, user);
    const answer = await duringReset(user.id, 'awaiting_reset', () =>
      post(session, '/v1/mfa/pin/set', { pin: NEW_PIN, password: b64(user.password) }),
    );
    expect(answer.json()).toMatchObject({ Code: 'session_invalid' });
    expect(await storedPinIs(user.id, PIN)).toBe(true);
    expect(await auditCount(user.id, 'mfa.pin_set')).toBe(0);
  });

  it('does not set a first MPIN after a block, answering account_blocked', async () => {
    const user = await createUser(t);
    const session = await openTestSession(t, user);
    const answer = await duringReset(user.id, 'blocked', () =>
      post(session, '/v1/mfa/pin/set', { pin: NEW_PIN, password: b64(user.password) }),
    );
    expect(answer.json()).toMatchObject({ Code: 'account_blocked' });
    expect(await t.db.prisma.pin.count({ where: { userId: user.id } })).toBe(0);
  });

  it('does not turn PIN sign-in on after the reset', async () => {
    const user = await withPin();
    const session = await openTestSession(t, user);
    const answer = await duringReset(user.id, 'awaiting_reset', () =>
      post(session, '/v1/mfa/settings/update', { enable_pin: true, password: b64(user.password) }),
    );
    expect(answer.json()).toMatchObject({ Code: 'session_invalid' });
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.pinEnabled).toBe(false);
    expect(await auditCount(user.id, 'mfa.settings_update')).toBe(0);
  });

  it('does not add a passkey after the reset', async () => {
    const user = await createUser(t);
    const session = await openTestSession(t, user);
    const url = new URL(t.app.config.PUBLIC_URL);
    const options = (
      await post(session, '/v1/passkey/register/options', { password: b64(user.password) })
    ).json().Msg;
    const credential = new SoftwareAuthenticator(url.hostname, url.origin).register(options);
    const answer = await duringReset(user.id, 'awaiting_reset', () =>
      post(session, '/v1/passkey/register/verify', { credential }),
    );
    expect(answer.json()).toMatchObject({ Code: 'session_invalid' });
    expect(await t.db.prisma.passkeyCredential.count({ where: { userId: user.id } })).toBe(0);
    expect(await auditCount(user.id, 'mfa.passkey_added')).toBe(0);
  });

  it('still changes the MPIN, turns PIN sign-in on and adds a passkey with nothing racing', async () => {
    const user = await withPin();
    const session = await openTestSession(t, user);
    const set = await post(session, '/v1/mfa/pin/set', {
      pin: NEW_PIN,
      password: b64(user.password),
    });
    expect(set.json().Code).toBe('200');
    expect(await storedPinIs(user.id, NEW_PIN)).toBe(true);
    const on = await post(session, '/v1/mfa/settings/update', {
      enable_pin: true,
      password: b64(user.password),
    });
    expect(on.json()).toMatchObject({ Code: '200', Msg: { is_pin_enabled: true } });
    const url = new URL(t.app.config.PUBLIC_URL);
    const options = (
      await post(session, '/v1/passkey/register/options', { password: b64(user.password) })
    ).json().Msg;
    const credential = new SoftwareAuthenticator(url.hostname, url.origin).register(options);
    expect((await post(session, '/v1/passkey/register/verify', { credential })).json().Code).toBe(
      '200',
    );
  });
});
