import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../../test/harness.js';
import { startTestApp } from '../../../test/harness.js';
import { nowSeconds, totpTestCalls, clearOfStepEnd } from './totp.fixtures.js';
import type { TestUser } from '../../../test/factories.js';
import {
  GOOD_PASSWORD,
  b64,
  bootstrapPlatform,
  createUser,
  openTestSession,
} from '../../../test/factories.js';
import { unlockAccount } from '../../break-glass/operator-actions.js';
import { storeResetToken } from '../../password/reset-token.js';

/**
 * Hostile use of authenticator codes (docs/mfa.md, "Authenticator apps and recovery codes"):
 * the set-up's own code used again, an older step after a newer one, a code sent many times at
 * once, guesses sent in parallel, recovery codes counted with the app's codes, an app replaced
 * (the old one must stop), turning it off without the password, and the way back after a
 * block (a reset or an unlock must give the app its tries back).
 */
describe('authenticator codes under attack', () => {
  let t: TestApp;
  const { nextIp, post, reauth, idle } = totpTestCalls(() => t, 9);
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());
  // Its codes are made for steps relative to now: keep the step from ending under them.
  beforeEach(() => clearOfStepEnd(10));

  const now = nowSeconds;
  /** The middle of the current step is at least 10 s away: a step cannot turn mid-test. */
  async function setUp(user: TestUser, cookie: string, epoch = now()) {
    const setup = await post(cookie, '/v1/mfa/totp/setup', { password: b64(GOOD_PASSWORD) });
    const { secret } = setup.json().Msg as { secret: string };
    const confirmed = await post(cookie, '/v1/mfa/totp/confirm', {
      code: await generate({ secret, epoch }),
    });
    expect(confirmed.json().Code).toBe('200');
    return { secret, codes: confirmed.json().Msg.recovery_codes as string[] };
  }

  async function withApp(epoch?: number) {
    const user = await createUser(t);
    const { cookie } = await openTestSession(t, user);
    return { user, cookie, ...(await setUp(user, cookie, epoch)) };
  }

  it('refuses the code that confirmed the set-up when it is used to sign in', async () => {
    const { user, secret } = await withApp();
    const session = await idle(user);
    const replay = await reauth(session.cookie, 'totp', await generate({ secret }));
    expect(replay.json().Code).toBe('invalid_totp');
  });

  it("refuses the current step's code once the next step's was accepted", async () => {
    const { user, secret } = await withApp(now() - 30);
    const session = await idle(user);
    // The next step's code (a phone whose clock runs ahead) is accepted...
    const ahead = await reauth(
      session.cookie,
      'totp',
      await generate({ secret, epoch: now() + 30 }),
    );
    expect(ahead.json().Code).toBe('200');
    // ...and then the current step's, never used, is older: refused.
    const again = await idle(user);
    const older = await reauth(again.cookie, 'totp', await generate({ secret }));
    expect(older.json().Code).toBe('invalid_totp');
  });

  it('lifts one of ten sessions with one code sent to all at once', async () => {
    const { user, secret } = await withApp(now() - 30);
    await t.db.prisma.client.update({
      where: { id: PORTAL_CLIENT_ID },
      data: { loginRetryLimit: 20 },
    });
    try {
      const sessions = await Promise.all(Array.from({ length: 10 }, () => idle(user)));
      const code = await generate({ secret });
      const answers = await Promise.all(sessions.map((s) => reauth(s.cookie, 'totp', code)));
      expect(answers.filter((a) => a.json().Code === '200')).toHaveLength(1);
    } finally {
      await t.db.prisma.client.update({
        where: { id: PORTAL_CLIENT_ID },
        data: { loginRetryLimit: 5 },
      });
    }
  });

  it('checks at most the retry limit of twenty parallel guesses, then not even the right code', async () => {
    const { user, secret } = await withApp(now() - 30);
    const session = await idle(user);
    const guesses = Array.from({ length: 20 }, (_, i) => String(100000 + i * 7919).slice(0, 6));
    const answers = await Promise.all(guesses.map((g) => reauth(session.cookie, 'totp', g)));
    const codes = answers.map((a) => a.json().Code as string);
    // Limit 5: four wrong answers with tries left, then the block; never more checks.
    expect(codes.filter((c) => c === 'invalid_totp').length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === '200')).toHaveLength(0);
    const factor = await t.db.prisma.totpFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(factor.failedCount).toBeLessThanOrEqual(5);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe(
      'blocked',
    );
    const late = await idle(user);
    expect((await reauth(late.cookie, 'totp', await generate({ secret }))).json().Code).not.toBe(
      '200',
    );
  });

  it("counts wrong recovery codes with the app's wrong codes", async () => {
    const { user } = await withApp(now() - 30);
    const session = await idle(user);
    const answers: string[] = [];
    for (const value of ['000000', 'aaaaa-aaaaa', '000001', 'bbbbb-bbbbb', '000002']) {
      answers.push(
        (await reauth(session.cookie, value.includes('-') ? 'recovery' : 'totp', value)).json()
          .Code,
      );
    }
    expect(answers.at(-1)).toBe('account_blocked');
  });

  it('stops the old app once a new one is confirmed, and keeps it until then', async () => {
    const { user, cookie, secret: old } = await withApp(now() - 30);
    const pending = await post(cookie, '/v1/mfa/totp/setup', { password: b64(GOOD_PASSWORD) });
    const { secret: next } = pending.json().Msg as { secret: string };
    // Until confirmed, the old app signs in.
    const before = await idle(user);
    expect((await reauth(before.cookie, 'totp', await generate({ secret: old }))).json().Code).toBe(
      '200',
    );
    const confirmed = await post(cookie, '/v1/mfa/totp/confirm', {
      code: await generate({ secret: next, epoch: now() - 30 }),
    });
    expect(confirmed.json().Code).toBe('200');
    // The old app's next code (never used) no longer counts.
    const after = await idle(user);
    expect(
      (
        await reauth(after.cookie, 'totp', await generate({ secret: old, epoch: now() + 30 }))
      ).json().Code,
    ).toBe('invalid_totp');
    expect((await reauth(after.cookie, 'totp', await generate({ secret: next }))).json().Code).toBe(
      '200',
    );
  });

  it('does not turn the app off, or start a new one, without the password or on a session awaiting its confirmation', async () => {
    const { user, cookie } = await withApp();
    const wrong = await post(cookie, '/v1/mfa/totp/disable', { password: b64('Wrong123x') });
    expect(wrong.json().Code).toBe('invalid_credentials');
    expect(
      (await t.db.prisma.totpFactor.findUniqueOrThrow({ where: { userId: user.id } })).secretSealed,
    ).not.toBeNull();

    // Someone with the password only: the sign-in awaits the app's code, and the app cannot be
    // replaced or turned off from that session.
    const pending = await openTestSession(t, user, { needsConfirmation: true });
    for (const url of [
      '/v1/mfa/totp/setup',
      '/v1/mfa/totp/disable',
      '/v1/mfa/recovery/regenerate',
    ]) {
      const answer = await post(pending.cookie, url, { password: b64(GOOD_PASSWORD) });
      expect(answer.json().Code, url).toBe('session_expired');
    }
    const row = await t.db.prisma.totpFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.pendingSealed).toBeNull();
    expect(row.secretSealed).not.toBeNull();
  });

  it.each([
    ["an administrator's password reset by link", 'reset'],
    ["the operator's unlock", 'unlock'],
  ])('gives the app its tries back after %s lifts a block by wrong codes', async (_name, way) => {
    const { user, secret } = await withApp(now() - 30);
    const session = await idle(user);
    for (let i = 0; i < 5; i += 1) await reauth(session.cookie, 'totp', '000000');
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe(
      'blocked',
    );
    if (way === 'reset') {
      // As an administrator's reset does it (users/reset-password.ts): only such a reset lifts
      // a block; a Forgot link of a blocked account is refused (password/reset-blocked.test.ts).
      const link = await t.db.prisma.$transaction(async (tx) => {
        await tx.user.update({ where: { id: user.id }, data: { status: 'awaiting_reset' } });
        return storeResetToken(tx, t.app.config.PUBLIC_URL, { user, reason: 'admin' });
      });
      const code = new URL(link).searchParams.get('code')!;
      const reset = await t.app.inject({
        method: 'POST',
        url: '/v1/forgot/update',
        payload: { code, pass: b64('BrandNew42x'), username: user.username },
        remoteAddress: nextIp(),
      });
      expect(reset.json().Code).toBe('200');
    } else {
      await unlockAccount(t.db, user.username);
    }
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe(
      'active',
    );
    // The sign-in asks for the app's code: the right one must work again.
    const confirming = await openTestSession(t, user, { needsConfirmation: true });
    const answer = await reauth(confirming.cookie, 'totp', await generate({ secret }));
    expect(answer.json().Code).toBe('200');
  });
});
