import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { PORTAL_CLIENT_ID, RECOVERY_CODE_COUNT } from '@portico/contracts';
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

/**
 * The confirmation of a pending authenticator-app set-up (docs/mfa.md, "Authenticator apps and
 * recovery codes"): wrong codes count per set-up against the session client's
 * login_retry_limit, the code that reaches it discards the set-up (even its right code is then
 * refused), parallel guesses are claimed before they are checked, and a new set-up (behind the
 * password) starts a fresh count.
 */
describe('confirming an authenticator app set-up: wrong codes are capped', () => {
  let t: TestApp;
  let limit: number;
  // Every request from its own address: the per-IP rate limit is not what stops the guesses.
  const { post, reauth, idle } = totpTestCalls(() => t, 11);
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    limit = (await t.db.prisma.client.findUniqueOrThrow({ where: { id: PORTAL_CLIENT_ID } }))
      .loginRetryLimit;
  });
  afterAll(() => t.close());
  // Its codes are made for steps relative to now: keep the step from ending under them.
  beforeEach(() => clearOfStepEnd());

  const startSetup = async (cookie: string) => {
    const setup = await post(cookie, '/v1/mfa/totp/setup', { password: b64(GOOD_PASSWORD) });
    expect(setup.json().Code).toBe('200');
    return (setup.json().Msg as { secret: string }).secret;
  };
  const confirm = async (cookie: string, code: string) =>
    (await post(cookie, '/v1/mfa/totp/confirm', { code })).json() as { Code: string; Msg: unknown };
  const now = nowSeconds;
  /** Wrong codes that cannot match: none is the right code of any step near now. */
  async function wrongCodes(secret: string, count: number): Promise<string[]> {
    const near = await Promise.all(
      [-60, -30, 0, 30, 60].map((shift) => generate({ secret, epoch: now() + shift })),
    );
    const codes: string[] = [];
    for (let n = 0; codes.length < count; n += 1) {
      const code = String(100000 + n * 7919).slice(0, 6);
      if (!near.includes(code)) codes.push(code);
    }
    return codes;
  }

  /** A user whose app is in use (confirmed with the previous step's code), and a session. */
  async function withApp(): Promise<{ user: TestUser; cookie: string; secret: string }> {
    const user = await createUser(t);
    const { cookie } = await openTestSession(t, user);
    const secret = await startSetup(cookie);
    expect((await confirm(cookie, await generate({ secret, epoch: now() - 30 }))).Code).toBe('200');
    return { user, cookie, secret };
  }

  it('discards the set-up at the limit: then even its right code changes nothing', async () => {
    expect(limit).toBeGreaterThan(1);
    const { user, cookie, secret: old } = await withApp();
    const before = await t.db.prisma.totpFactor.findUniqueOrThrow({ where: { userId: user.id } });
    const codesBefore = await t.db.prisma.recoveryCode.findMany({
      where: { userId: user.id },
      select: { codeHash: true },
      orderBy: { codeHash: 'asc' },
    });

    // The owner starts replacing the app and walks away; the session's holder guesses.
    const next = await startSetup(cookie);
    const answers: string[] = [];
    for (const code of await wrongCodes(next, limit))
      answers.push((await confirm(cookie, code)).Code);
    expect(answers.slice(0, -1)).toEqual(Array(limit - 1).fill('invalid_totp'));
    expect(answers.at(-1)).toBe('totp_not_set_up');

    const right = await confirm(cookie, await generate({ secret: next }));
    expect(right.Code).toBe('totp_not_set_up');
    expect(JSON.stringify(right.Msg)).not.toMatch(/[a-z2-7]{5}-[a-z2-7]{5}/);

    // Nothing changed: the old app, its recovery codes, its own count; the set-up is gone.
    const after = await t.db.prisma.totpFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(after.secretSealed).toBe(before.secretSealed);
    expect(after.pendingSealed).toBeNull();
    expect(after.failedCount).toBe(before.failedCount);
    expect(
      await t.db.prisma.recoveryCode.findMany({
        where: { userId: user.id },
        select: { codeHash: true },
        orderBy: { codeHash: 'asc' },
      }),
    ).toEqual(codesBefore);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe(
      'active',
    );
    const session = await idle(user);
    expect(
      (await reauth(session.cookie, 'totp', await generate({ secret: old }))).json().Code,
    ).toBe('200');

    const audit = await t.db.prisma.auditEvent.findMany({
      where: { action: 'mfa.totp.discard', target: user.id },
    });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.details ?? null)).not.toContain(next);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'mfa.totp.enable', target: user.id } }),
    ).toBe(1);
  });

  it('checks at most the limit of many parallel wrong codes, then refuses the right one', async () => {
    const user = await createUser(t);
    const { cookie } = await openTestSession(t, user);
    const secret = await startSetup(cookie);
    const guesses = await wrongCodes(secret, limit * 4);
    const answers = await Promise.all(guesses.map((code) => confirm(cookie, code)));
    const codes = answers.map((answer) => answer.Code);
    // Each checked guess answers invalid_totp but the one that reaches the limit, which
    // discards the set-up; the rest were refused before their check.
    expect(codes.filter((code) => code === 'invalid_totp').length).toBeLessThanOrEqual(limit - 1);
    expect(codes.filter((code) => code !== 'invalid_totp')).toEqual(
      Array(guesses.length - codes.filter((code) => code === 'invalid_totp').length).fill(
        'totp_not_set_up',
      ),
    );
    const row = await t.db.prisma.totpFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.pendingSealed).toBeNull();
    expect(row.secretSealed).toBeNull();
    expect(
      await t.db.prisma.auditEvent.count({
        where: { action: 'mfa.totp.discard', target: user.id },
      }),
    ).toBe(1);

    expect((await confirm(cookie, await generate({ secret }))).Code).toBe('totp_not_set_up');
    expect(await t.db.prisma.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
  });

  it('gives a new set-up (behind the password) a fresh count, and it can be confirmed', async () => {
    const user = await createUser(t);
    const { cookie } = await openTestSession(t, user);
    const first = await startSetup(cookie);
    const spent: string[] = [];
    for (const code of await wrongCodes(first, limit))
      spent.push((await confirm(cookie, code)).Code);
    expect(spent.at(-1)).toBe('totp_not_set_up');

    const second = await startSetup(cookie);
    for (const code of await wrongCodes(second, limit - 1)) {
      expect((await confirm(cookie, code)).Code).toBe('invalid_totp');
    }
    const confirmed = await confirm(cookie, await generate({ secret: second }));
    expect(confirmed.Code).toBe('200');
    expect((confirmed.Msg as { recovery_codes: string[] }).recovery_codes).toHaveLength(
      RECOVERY_CODE_COUNT,
    );
    const row = await t.db.prisma.totpFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.pendingSealed).toBeNull();
    expect(row.secretSealed).not.toBeNull();
    // The first set-up's code does not confirm anything any more.
    expect((await confirm(cookie, await generate({ secret: first }))).Code).toBe('totp_not_set_up');
  });
});
