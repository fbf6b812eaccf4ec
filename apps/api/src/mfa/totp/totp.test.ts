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
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../../test/factories.js';
import { knownDevice, sessionCookieOf, signInRequest } from '../../auth/sign-in.fixtures.js';
import { spendRecoveryCode } from './recovery-codes.js';
import { matchingStep } from './totp-codes.js';

/** Authenticator apps (TOTP) and recovery codes: set-up, use, replay, tries (docs/mfa.md). */
describe('authenticator apps and recovery codes', () => {
  let t: TestApp;
  const { post, reauth, idle } = totpTestCalls(() => t, 7);
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());
  // Its codes are made for steps relative to now: keep the step from ending under them.
  beforeEach(() => clearOfStepEnd());

  const status = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/v1/mfa/totp', headers: { cookie } })).json();
  const now = nowSeconds;

  /** A user with a confirmed app: its secret and recovery codes. */
  async function withApp(): Promise<{ user: TestUser; secret: string; codes: string[] }> {
    const user = await createUser(t);
    const { cookie } = await openTestSession(t, user);
    const setup = await post(cookie, '/v1/mfa/totp/setup', { password: b64(GOOD_PASSWORD) });
    const { secret } = setup.json().Msg as { secret: string };
    // The set-up's own code: the previous step's (still accepted), so a re-authentication can
    // use the current one (a step after it).
    const code = await generate({ secret, epoch: now() - 30 });
    const confirmed = await post(cookie, '/v1/mfa/totp/confirm', { code });
    return { user, secret, codes: confirmed.json().Msg.recovery_codes as string[] };
  }

  it('sets up an app behind the password, counting only once a first right code confirms it', async () => {
    const user = await createUser(t);
    const { cookie } = await openTestSession(t, user);
    expect(await status(cookie)).toMatchObject({
      Code: '200',
      Msg: { enabled: false, recovery_codes_left: 0 },
    });
    const wrongPassword = await post(cookie, '/v1/mfa/totp/setup', { password: b64('Wrong123') });
    expect(wrongPassword.json().Code).toBe('invalid_credentials');
    expect(await t.db.prisma.totpFactor.count({ where: { userId: user.id } })).toBe(0);

    const setup = await post(cookie, '/v1/mfa/totp/setup', { password: b64(GOOD_PASSWORD) });
    const { secret, uri } = setup.json().Msg as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/Portico:/);
    expect(uri).toContain(`secret=${secret}`);
    const row = await t.db.prisma.totpFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.pendingSealed).not.toContain(secret);
    expect(row.secretSealed).toBeNull();
    expect((await status(cookie)).Msg.enabled).toBe(false);

    const wrong = await post(cookie, '/v1/mfa/totp/confirm', { code: '000000' });
    expect(wrong.json().Code).toBe('invalid_totp');
    expect((await status(cookie)).Msg.enabled).toBe(false);

    const code = await generate({ secret });
    const confirmed = await post(cookie, '/v1/mfa/totp/confirm', { code });
    const codes = confirmed.json().Msg.recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const each of codes) expect(each).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await status(cookie)).toMatchObject({
      Msg: { enabled: true, recovery_codes_left: RECOVERY_CODE_COUNT },
    });
    const stored = await t.db.prisma.recoveryCode.findMany({ where: { userId: user.id } });
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'mfa.totp.enable', target: user.id },
    });
    expect(audit).not.toBeNull();
    expect(JSON.stringify(audit?.details ?? null)).not.toContain(secret);
  });

  it('lifts an idle session with a right code, once: the same code again is refused', async () => {
    const { user, secret } = await withApp();
    const session = await idle(user);
    const code = await generate({ secret });
    const first = await reauth(session.cookie, 'totp', code);
    expect(first.json().Code).toBe('200');

    const again = await idle(user);
    const replay = await reauth(again.cookie, 'totp', code);
    expect(replay.json()).toMatchObject({ Code: 'invalid_totp', Msg: { retries_left: 4 } });
  });

  it('accepts one time step either side of the clock, and no further (fixed clock)', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    // The middle of a step: 1,800,000,015 is 15 s into step 60,000,000.
    const at = 1_800_000_015;
    const step = 60_000_000;
    const codeAt = (epoch: number) => generate({ secret, epoch });
    expect(await matchingStep(secret, await codeAt(at), at)).toBe(step);
    expect(await matchingStep(secret, await codeAt(at - 30), at)).toBe(step - 1);
    expect(await matchingStep(secret, await codeAt(at + 30), at)).toBe(step + 1);
    expect(await matchingStep(secret, await codeAt(at - 60), at)).toBeNull();
    expect(await matchingStep(secret, await codeAt(at + 60), at)).toBeNull();
    // At the very start of a step the previous one is still one step away, two are not.
    const start = 1_800_000_000;
    expect(await matchingStep(secret, await codeAt(start - 30), start)).toBe(step - 1);
    expect(await matchingStep(secret, await codeAt(start - 31), start)).toBeNull();
  });

  it("ends wrong codes in the same blocking as wrong PINs (the client's retry limit)", async () => {
    const { user } = await withApp();
    const session = await idle(user);
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await reauth(session.cookie, 'totp', '000000')).json().Code);
    }
    expect(answers).toEqual([
      'invalid_totp',
      'invalid_totp',
      'invalid_totp',
      'invalid_totp',
      'account_blocked',
    ]);
    const account = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(account.status).toBe('blocked');
    const live = await t.db.prisma.session.count({ where: { userId: user.id, endedAt: null } });
    expect(live).toBe(0);
  });

  it('spends a recovery code once, even under 20 parallel uses', async () => {
    const { user, codes } = await withApp();
    const code = codes[0]!;
    const spent = await Promise.all(
      Array.from({ length: 20 }, () => spendRecoveryCode(t.db.prisma, user.id, code)),
    );
    expect(spent.filter(Boolean)).toHaveLength(1);

    // Through the API: 20 parallel re-authentications with one code, exactly one lifts. The
    // client's retry limit is the highest (20), so the 19 refused uses cannot block the account
    // before the winner settles (parallel guesses count, credentials/lockout.ts).
    const other = await withApp();
    const session = await idle(other.user);
    await t.db.prisma.client.update({
      where: { id: PORTAL_CLIENT_ID },
      data: { loginRetryLimit: 20 },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => reauth(session.cookie, 'recovery', other.codes[1]!)),
    ).finally(() =>
      t.db.prisma.client.update({ where: { id: PORTAL_CLIENT_ID }, data: { loginRetryLimit: 5 } }),
    );
    expect(answers.filter((answer) => answer.json().Code === '200')).toHaveLength(1);
    const used = await t.db.prisma.recoveryCode.count({
      where: { userId: other.user.id, usedAt: { not: null } },
    });
    expect(used).toBe(1);
  });

  it('takes a recovery code in upper case and with spaces, and says how many are left', async () => {
    const { user, codes } = await withApp();
    const session = await idle(user);
    const typed = ` ${codes[2]!.toUpperCase()} `;
    expect((await reauth(session.cookie, 'recovery', typed)).json().Code).toBe('200');
    const fresh = await openTestSession(t, user);
    expect((await status(fresh.cookie)).Msg.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('regenerating voids the old codes; turning the app off removes it and its codes', async () => {
    const { user, codes } = await withApp();
    const { cookie } = await openTestSession(t, user);
    const regenerated = await post(cookie, '/v1/mfa/recovery/regenerate', {
      password: b64(GOOD_PASSWORD),
    });
    const fresh = regenerated.json().Msg.recovery_codes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    const session = await idle(user);
    const old = await reauth(session.cookie, 'recovery', codes[0]!);
    expect(old.json().Code).toBe('invalid_recovery_code');

    const off = await post(cookie, '/v1/mfa/totp/disable', { password: b64(GOOD_PASSWORD) });
    expect(off.json().Code).toBe('200');
    expect(await t.db.prisma.totpFactor.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.db.prisma.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    const again = await idle(user);
    expect((await reauth(again.cookie, 'recovery', fresh[0]!)).json().Code).toBe(
      'invalid_credentials',
    );
    const twice = await post(cookie, '/v1/mfa/totp/disable', { password: b64(GOOD_PASSWORD) });
    expect(twice.json().Code).toBe('totp_not_set_up');
  });

  it('refuses bad input with incomplete_param and changes nothing', async () => {
    const user = await createUser(t);
    const { cookie } = await openTestSession(t, user);
    for (const [url, payload] of [
      ['/v1/mfa/totp/confirm', { code: '12345' }],
      ['/v1/mfa/totp/confirm', { code: 'abcdef' }],
      ['/v1/mfa/totp/confirm', { code: '123456', extra: 1 }],
      ['/v1/mfa/totp/setup', {}],
    ] as const) {
      const answer = await post(cookie, url, payload);
      expect(answer.json().Code, `${url} ${JSON.stringify(payload)}`).toBe('incomplete_param');
    }
    const session = await idle(user);
    const bad = await reauth(session.cookie, 'recovery', 'not a code');
    expect(bad.json().Code).toBe('incomplete_param');
    expect(await t.db.prisma.totpFactor.count({ where: { userId: user.id } })).toBe(0);
    // Confirming without a set-up.
    const none = await post(cookie, '/v1/mfa/totp/confirm', { code: '123456' });
    expect(none.json().Code).toBe('totp_not_set_up');
  });

  it('asks a user with an app to confirm the sign-in with it, not with the password again', async () => {
    const { user, secret } = await withApp();
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
    await knownDevice(t, user.id);
    const signIn = await signInRequest(t, { uname: user.username, pass: GOOD_PASSWORD });
    expect(signIn.json()).toMatchObject({ Code: '200', Msg: { has_totp_setup: true } });
    const cookie = sessionCookieOf(signIn)!.cookie;
    // The session waits for the second factor.
    const details = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/details',
      headers: { cookie },
    });
    expect(details.json().Code).toBe('session_expired');
    const byPassword = await post(cookie, '/v1/auth/reauth', {
      credential_type: 'password',
      credential_value: b64(GOOD_PASSWORD),
      client: PORTAL_CLIENT_ID,
      redirect: '/',
    });
    expect(byPassword.json().Code).toBe('invalid_credentials');
    const confirmed = await reauth(cookie, 'totp', await generate({ secret }));
    expect(confirmed.json().Code).toBe('200');
    const renewed = sessionCookieOf(confirmed)!.cookie;
    const live = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/details',
      headers: { cookie: renewed },
    });
    expect(live.json()).toMatchObject({ Code: '200', Msg: { has_totp_setup: true } });
  });
});
