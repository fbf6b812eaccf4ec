import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { PlatformAdmin } from '../../test/factories.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import { freshIp, knownDevice, signInRequest } from '../auth/sign-in.fixtures.js';
import { hashSecret } from './argon2.js';

/**
 * The lockout under bursts of parallel guesses (credentials/lockout.ts): however many arrive at
 * once, at most login_retry_limit are verified against the hash, and a right guess inside the
 * burst does not get through once the account is blocked. On real PostgreSQL, through the API.
 */
const LIMIT = 20;
const PIN = '480213';

type Answer = { Code: string; Msg: unknown };
const answerOf = (response: LightMyRequestResponse) => response.json() as Answer;

/** The answers of a burst: how many were verified wrong (account_failed or invalid_pin with
 * retries left), and their retries_left values. */
function tally(answers: Answer[], failedCode: string) {
  const failed = answers.filter((a) => a.Code === failedCode);
  return {
    ok: answers.filter((a) => a.Code === '200').length,
    retriesLeft: failed.map((a) => (a.Msg as { retries_left: number }).retries_left),
    codes: new Set(answers.map((a) => a.Code)),
  };
}

const oneToLimitMinusOne = Array.from({ length: LIMIT - 1 }, (_, i) => i + 1);

describe('lockout under parallel guesses', () => {
  let t: TestApp;
  let admin: PlatformAdmin;
  let clientId: string;
  let appId: string;
  let companyId: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await bootstrapPlatform(t);
    const app = await createApp(t);
    appId = app.id;
    clientId = (await createClient(t, { appId: app.id, loginRetryLimit: LIMIT })).id;
    companyId = (await createCompany(t)).id;
  });
  afterAll(() => t.close());

  async function member() {
    const user = await createUser(t);
    await grantAccess(t, { companyId, appId, user, roles: ['viewer'] });
    await knownDevice(t, user.id);
    return user;
  }

  const userRow = (id: string) => t.db.prisma.user.findUniqueOrThrow({ where: { id } });
  const liveSessions = (userId: string) =>
    t.db.prisma.session.count({ where: { userId, endedAt: null } });

  describe.each([50, 100])('sign-in, %i passwords at once (limit 20)', (burst) => {
    it('verifies at most 20, blocks once, and refuses the right password sent last', async () => {
      const user = await member();
      const bystander = await openTestSession(t, user, { clientId });
      const answers = await Promise.all(
        Array.from({ length: burst }, (_, i) =>
          signInRequest(
            t,
            {
              uname: user.username,
              pass: i === burst - 1 ? user.password : `Wrong-pass${i}`,
              client: clientId,
            },
            { ip: freshIp() },
          ).then(answerOf),
        ),
      );
      const { ok, retriesLeft, codes } = tally(answers, 'account_failed');
      expect(ok).toBe(0);
      expect([...codes].sort()).toEqual(['account_blocked', 'account_failed']);
      // Each verified wrong guess told its own place in the count: 19 down to 1, once each.
      expect(retriesLeft.sort((a, b) => a - b)).toEqual(oneToLimitMinusOne);

      const row = await userRow(user.id);
      expect(row).toMatchObject({ status: 'blocked', failedLoginCount: LIMIT });
      expect(await liveSessions(user.id)).toBe(0);
      expect(
        await t.db.prisma.session.findUniqueOrThrow({ where: { id: bystander.id } }),
      ).toMatchObject({ endReason: 'revoked' });
      expect(
        await t.db.prisma.auditEvent.count({
          where: { target: user.id, action: 'auth.account_blocked' },
        }),
      ).toBe(1);

      const after = await signInRequest(t, {
        uname: user.username,
        pass: user.password,
        client: clientId,
      });
      expect(answerOf(after).Code).toBe('account_blocked');
      expect((await userRow(user.id)).failedLoginCount).toBe(LIMIT);
    });
  });

  describe.each([50, 100])('re-authentication, %i guesses at once (limit 20)', (burst) => {
    const reauth = (cookie: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/reauth',
        headers: { cookie },
        payload,
        remoteAddress: freshIp(),
      });
    /** An idle session on the limit-20 client, as re-authentication lifts. */
    async function idleSession(user: { id: string }) {
      const session = await openTestSession(t, user, { clientId });
      await t.db.prisma.session.update({
        where: { id: session.id },
        data: { lastSeenAt: new Date(Date.now() - 3600_000) },
      });
      return session;
    }

    it('by password: at most 20 verified, the right one sent last does not lift the session', async () => {
      const user = await createUser(t);
      const session = await idleSession(user);
      const answers = await Promise.all(
        Array.from({ length: burst }, (_, i) =>
          reauth(session.cookie, {
            credential_type: 'password',
            credential_value: b64(i === burst - 1 ? user.password : `Wrong-pass${i}`),
            client: clientId,
            redirect: '/',
          }).then(answerOf),
        ),
      );
      const { ok, retriesLeft } = tally(answers, 'account_failed');
      expect(ok).toBe(0);
      expect(retriesLeft.sort((a, b) => a - b)).toEqual(oneToLimitMinusOne);
      expect(await userRow(user.id)).toMatchObject({ status: 'blocked', failedLoginCount: LIMIT });
      expect(await liveSessions(user.id)).toBe(0);
    });

    it('by MPIN: at most 20 verified, the right PIN sent last does not lift the session', async () => {
      const user = await createUser(t);
      await t.db.prisma.pin.create({ data: { userId: user.id, hash: await hashSecret(PIN) } });
      await t.db.prisma.user.update({ where: { id: user.id }, data: { pinEnabled: true } });
      const session = await idleSession(user);
      const answers = await Promise.all(
        Array.from({ length: burst }, (_, i) =>
          reauth(session.cookie, {
            credential_type: 'mpin',
            credential_value: i === burst - 1 ? PIN : String(100000 + i),
            client: clientId,
            redirect: '/',
          }).then(answerOf),
        ),
      );
      const { ok, retriesLeft } = tally(answers, 'invalid_pin');
      expect(ok).toBe(0);
      expect(retriesLeft.sort((a, b) => a - b)).toEqual(oneToLimitMinusOne);
      const pin = await t.db.prisma.pin.findUniqueOrThrow({ where: { userId: user.id } });
      expect(pin.failedCount).toBe(LIMIT);
      expect((await userRow(user.id)).status).toBe('blocked');
      expect(await liveSessions(user.id)).toBe(0);
    });
  });

  describe('a platform administrator', () => {
    it('is locked for 15 minutes, never blocked, and signs in again once the lock ran out', async () => {
      await knownDevice(t, admin.id);
      const portal = await t.db.prisma.client.findUniqueOrThrow({
        where: { id: PORTAL_CLIENT_ID },
        select: { loginRetryLimit: true },
      });
      const guess = (pass: string) =>
        signInRequest(t, { uname: admin.username, pass }).then(answerOf);
      const answers = await Promise.all(
        Array.from({ length: portal.loginRetryLimit * 3 }, (_, i) => guess(`Wrong-pass${i}`)),
      );
      expect(answers.some((a) => a.Code === 'rate_limit_exceeded')).toBe(true);
      expect(answers.some((a) => a.Code === 'account_blocked')).toBe(false);

      const row = await userRow(admin.id);
      expect(row.status).toBe('active');
      const lockedFor = (row.lockedUntil?.getTime() ?? 0) - Date.now();
      expect(lockedFor).toBeGreaterThan(14 * 60_000);
      expect(lockedFor).toBeLessThanOrEqual(15 * 60_000);
      expect(
        await t.db.prisma.auditEvent.count({
          where: { target: admin.id, action: 'auth.account_locked' },
        }),
      ).toBe(1);

      // Locked: the right password is not even tested.
      expect(await guess(admin.password)).toMatchObject({ Code: 'rate_limit_exceeded' });

      // The lock runs out (moved into the past): the right password opens a session again.
      await t.db.prisma.user.update({
        where: { id: admin.id },
        data: { lockedUntil: new Date(Date.now() - 1000) },
      });
      expect(await guess(admin.password)).toMatchObject({ Code: '200' });
    });
  });
});
