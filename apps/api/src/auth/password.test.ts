import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  unique,
} from '../../test/factories.js';
import { freshIp, knownDevice, signInRequest } from './sign-in.fixtures.js';

/** The password step: failure counting, blocking, account states and account enumeration. */
async function world(t: TestApp, loginRetryLimit: number) {
  const app = await createApp(t);
  const client = await createClient(t, { appId: app.id, loginRetryLimit });
  const company = await createCompany(t);
  return {
    client,
    async member(status: 'active' | 'blocked' | 'awaiting_reset' = 'active') {
      const user = await createUser(t, { status });
      await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
      await knownDevice(t, user.id);
      return user;
    },
  };
}

const codeOf = (response: { json(): unknown }) => response.json() as { Code: string; Msg: unknown };

describe('sign-in password step', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  it('counts retries down, then blocks the account for good', async () => {
    const w = await world(t, 3);
    const user = await w.member();
    const wrong = () =>
      signInRequest(t, { uname: user.username, pass: 'Wrong-pass1', client: w.client.id });
    const first = await wrong();
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ Code: 'account_failed', Msg: { retries_left: 2 } });
    expect(codeOf(await wrong())).toEqual({ Code: 'account_failed', Msg: { retries_left: 1 } });
    const third = await wrong();
    expect(third.statusCode).toBe(403);
    expect(codeOf(third).Code).toBe('account_blocked');
    // Blocked: even the right password is refused (and is not tested at all).
    const right = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: w.client.id,
    });
    expect(codeOf(right).Code).toBe('account_blocked');
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ status: 'blocked', failedLoginCount: 3 });
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);

    const audit = await t.db.prisma.auditEvent.findMany({
      where: { actorId: user.id },
      orderBy: { id: 'asc' },
      select: { action: true, clientId: true, ip: true },
    });
    expect(audit.map((a) => a.action)).toEqual([
      'auth.sign_in_failed',
      'auth.sign_in_failed',
      'auth.sign_in_failed',
      'auth.account_blocked',
      'auth.sign_in_failed',
    ]);
    expect(audit.every((a) => a.clientId === w.client.id && a.ip)).toBe(true);
    const reasons = await t.db.prisma.loginAttempt.findMany({
      where: { userId: user.id },
      orderBy: { id: 'asc' },
      select: { reason: true, success: true, clientId: true },
    });
    expect(reasons.map((r) => r.reason)).toEqual([
      'account_failed',
      'account_failed',
      'account_blocked',
      'account_blocked',
    ]);
  });

  it('a right password resets the count: the answer has every retry left', async () => {
    const w = await world(t, 5);
    const user = await w.member();
    await signInRequest(t, { uname: user.username, pass: 'Wrong-pass1', client: w.client.id });
    const ok = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: w.client.id,
    });
    expect(ok.json()).toMatchObject({ Code: '200', Msg: { retries_left: 5 } });
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.failedLoginCount).toBe(0);
  });

  it('counts ten parallel wrong passwords exactly (limit 20)', async () => {
    const w = await world(t, 20);
    const user = await w.member();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        signInRequest(
          t,
          { uname: user.username, pass: 'Wrong-pass1', client: w.client.id },
          { ip: freshIp() },
        ),
      ),
    );
    expect(answers.every((a) => codeOf(a).Code === 'account_failed')).toBe(true);
    const left = answers
      .map((a) => (codeOf(a).Msg as { retries_left: number }).retries_left)
      .sort((a, b) => a - b);
    expect(left).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ failedLoginCount: 10, status: 'active' });
  });

  it('awaiting_reset is told only after the right password', async () => {
    const w = await world(t, 5);
    const user = await w.member('awaiting_reset');
    const wrong = await signInRequest(t, {
      uname: user.username,
      pass: 'Wrong-pass1',
      client: w.client.id,
    });
    expect(wrong.json()).toEqual({ Code: 'account_failed', Msg: { retries_left: 4 } });
    const right = await signInRequest(t, {
      uname: user.username,
      pass: user.password,
      client: w.client.id,
    });
    expect(right.statusCode).toBe(403);
    expect(codeOf(right).Code).toBe('account_awaiting_reset');
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('awaiting_reset stops testing passwords at the limit, like a blocked account', async () => {
    const w = await world(t, 3);
    const user = await w.member('awaiting_reset');
    const codes = [];
    for (const pass of ['Wrong-pass1', 'Wrong-pass1', 'Wrong-pass1', user.password]) {
      const response = await signInRequest(t, { uname: user.username, pass, client: w.client.id });
      codes.push(codeOf(response).Code);
    }
    expect(codes).toEqual([
      'account_failed',
      'account_failed',
      'account_blocked',
      'account_blocked',
    ]);
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ status: 'awaiting_reset', failedLoginCount: 3 });
  });

  it('an unknown username answers exactly like an account with a wrong password', async () => {
    const w = await world(t, 3);
    const user = await w.member();
    const ghost = unique('ghost_');
    const attempt = (uname: string) =>
      signInRequest(t, { uname, pass: 'Wrong-pass1', client: w.client.id });
    for (let i = 0; i < 4; i += 1) {
      const real = await attempt(user.username);
      const unknown = await attempt(ghost);
      expect(unknown.statusCode).toBe(real.statusCode);
      expect(unknown.json()).toEqual(real.json());
    }
    // Both are now "blocked", and an account that was blocked before answers alike.
    const blocked = await w.member('blocked');
    expect((await attempt(blocked.username)).json()).toEqual((await attempt(ghost)).json());
    // The unknown name is recorded without a user, for the brute-force defence.
    const rows = await t.db.prisma.loginAttempt.findMany({ where: { username: ghost } });
    expect(rows.length).toBe(5);
    expect(rows.every((r) => r.userId === null && !r.success)).toBe(true);
  });
});

describe('sign-in with REVEAL_ACCOUNT_STATE=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ REVEAL_ACCOUNT_STATE: 'true' });
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  it('says user_not_found for an unknown username and account_blocked for a blocked one', async () => {
    const w = await world(t, 5);
    const unknown = await signInRequest(t, {
      uname: unique('ghost_'),
      pass: 'Wrong-pass1',
      client: w.client.id,
    });
    expect(unknown.statusCode).toBe(404);
    expect(codeOf(unknown).Code).toBe('user_not_found');
    const blocked = await w.member('blocked');
    const answer = await signInRequest(t, {
      uname: blocked.username,
      pass: 'Wrong-pass1',
      client: w.client.id,
    });
    expect(codeOf(answer).Code).toBe('account_blocked');
    const real = await w.member();
    const wrong = await signInRequest(t, {
      uname: real.username,
      pass: 'Wrong-pass1',
      client: w.client.id,
    });
    expect(wrong.json()).toEqual({ Code: 'account_failed', Msg: { retries_left: 4 } });
  });
});
