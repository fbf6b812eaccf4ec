import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { TestApp } from '../../../test/harness.js';
import { startTestApp } from '../../../test/harness.js';
import { holdRow } from '../../../test/row-lock.js';
import {
  GOOD_PASSWORD,
  b64,
  bootstrapPlatform,
  createUser,
  openTestSession,
} from '../../../test/factories.js';
import { nowSeconds, totpTestCalls, clearOfStepEnd } from './totp.fixtures.js';

/**
 * Hostile use of recovery codes (docs/mfa.md, "Authenticator apps and recovery codes"): two
 * regenerations at once, a regeneration racing the app being turned off, another person's code,
 * and each code sent in the other's field.
 */
describe('recovery codes under attack', () => {
  let t: TestApp;
  const { post, reauth, idle } = totpTestCalls(() => t, 13);
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());
  // Its codes are made for steps relative to now: keep the step from ending under them.
  beforeEach(() => clearOfStepEnd());

  async function withApp() {
    const user = await createUser(t);
    const { cookie } = await openTestSession(t, user);
    const setup = await post(cookie, '/v1/mfa/totp/setup', { password: b64(GOOD_PASSWORD) });
    const { secret } = setup.json().Msg as { secret: string };
    const confirmed = await post(cookie, '/v1/mfa/totp/confirm', {
      code: await generate({ secret, epoch: nowSeconds() }),
    });
    expect(confirmed.json().Code).toBe('200');
    return { user, cookie, secret, codes: confirmed.json().Msg.recovery_codes as string[] };
  }
  const unusedCodes = (userId: string) =>
    t.db.prisma.recoveryCode.count({ where: { userId, usedAt: null } });
  /** One of the user's codes, held by the test so that the calls that replace them queue. */
  async function holdACode(userId: string) {
    const code = await t.db.prisma.recoveryCode.findFirstOrThrow({ where: { userId } });
    return holdRow(t, 'recovery_codes', code.id);
  }

  it('leaves ten codes, those of the last answer, when codes are regenerated twice at once', async () => {
    const { user, cookie, codes: first } = await withApp();
    const held = await holdACode(user.id);
    const regenerate = () =>
      post(cookie, '/v1/mfa/recovery/regenerate', { password: b64(GOOD_PASSWORD) });
    const one = regenerate();
    await held.waitingOnLocks(1);
    const two = regenerate();
    await held.waitingOnLocks(2);
    await held.release();
    const answers = await Promise.all([one, two]);
    expect(answers.map((a) => a.json().Code)).toEqual(['200', '200']);
    const [a, b] = answers.map((a) => a.json().Msg.recovery_codes as string[]);

    expect(await unusedCodes(user.id)).toBe(10);
    expect((await t.app.inject({ url: '/v1/mfa/totp', headers: { cookie } })).json().Msg).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    // Only the answer that came last holds: the first set and the original ones are void.
    const session = await idle(user);
    for (const code of [first[0]!, a![0]!]) {
      expect((await reauth(session.cookie, 'recovery', code)).json().Code).toBe(
        'invalid_recovery_code',
      );
    }
    expect((await reauth(session.cookie, 'recovery', b![0]!)).json().Code).toBe('200');
  });

  it('answers totp_not_set_up, and leaves no codes, when the app is turned off during a regeneration', async () => {
    const { user, cookie } = await withApp();
    const held = await holdACode(user.id);
    const regenerated = post(cookie, '/v1/mfa/recovery/regenerate', {
      password: b64(GOOD_PASSWORD),
    });
    await held.waitingOnLocks(1);
    const disabled = post(cookie, '/v1/mfa/totp/disable', { password: b64(GOOD_PASSWORD) });
    await held.waitingOnLocks(2);
    await held.release();
    const [regeneration, disabling] = await Promise.all([regenerated, disabled]);
    expect(disabling.json().Code).toBe('200');
    expect(await t.db.prisma.totpFactor.findUnique({ where: { userId: user.id } })).toBeNull();
    // Whichever went first, no code outlives the app it belonged to.
    expect(await t.db.prisma.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(['200', 'totp_not_set_up']).toContain(regeneration.json().Code);
  });

  it("refuses another person's code, counting it against the one who sent it", async () => {
    const mine = await withApp();
    const theirs = await withApp();
    const session = await idle(mine.user);
    const answer = await reauth(session.cookie, 'recovery', theirs.codes[0]!);
    expect(answer.json()).toEqual({ Code: 'invalid_recovery_code', Msg: { retries_left: 4 } });
    expect(await unusedCodes(theirs.user.id)).toBe(10);
    const counts = await t.db.prisma.totpFactor.findMany({
      where: { userId: { in: [mine.user.id, theirs.user.id] } },
      select: { userId: true, failedCount: true },
    });
    expect(Object.fromEntries(counts.map((c) => [c.userId, c.failedCount]))).toEqual({
      [mine.user.id]: 1,
      [theirs.user.id]: 0,
    });
  });

  it("refuses a code in the other's field as bad input, counting nothing and spending nothing", async () => {
    const { user, secret, codes } = await withApp();
    const session = await idle(user);
    const appCode = await generate({ secret, epoch: nowSeconds() + 30 });
    const recoveryAsTotp = await reauth(session.cookie, 'totp', codes[0]!);
    const totpAsRecovery = await reauth(session.cookie, 'recovery', appCode);
    const withoutDash = await reauth(session.cookie, 'recovery', codes[1]!.replace('-', ''));
    for (const answer of [recoveryAsTotp, totpAsRecovery, withoutDash]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().Code).toBe('incomplete_param');
    }
    const row = await t.db.prisma.totpFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.failedCount).toBe(0);
    expect(await unusedCodes(user.id)).toBe(10);
  });
});
