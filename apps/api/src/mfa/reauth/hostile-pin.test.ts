import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../../test/harness.js';
import { startTestApp } from '../../../test/harness.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createClient,
  createUser,
  openTestSession,
} from '../../../test/factories.js';
import { hashSecret } from '../../credentials/argon2.js';

/**
 * Hostile MPIN guessing (docs/mfa.md, "Re-authentication"): a burst of wrong PINs from many
 * sessions of one account, a count run up through a client with a higher retry limit and then
 * used where the limit is lower, and PINs that only look like six digits.
 */
describe('the MPIN under attack', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.14.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const PIN = '480213';
  const WRONG = '935172';

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: payload as object,
      remoteAddress: nextIp(),
    });
  const byPin = (cookie: string, pin: string, client = PORTAL_CLIENT_ID) =>
    post(cookie, '/v1/auth/reauth', {
      credential_type: 'mpin',
      credential_value: pin,
      client,
      redirect: '/',
    });
  const withPin = async () => {
    const user = await createUser(t);
    await t.db.prisma.pin.create({ data: { userId: user.id, hash: await hashSecret(PIN) } });
    await t.db.prisma.user.update({ where: { id: user.id }, data: { pinEnabled: true } });
    return user;
  };
  /** A session awaiting the sign-in's confirmation (the PIN is the factor it asks for). */
  const confirming = (user: { id: string }, clientId = PORTAL_CLIENT_ID) =>
    openTestSession(t, user, { clientId, needsConfirmation: true });
  const pinCount = async (userId: string) =>
    (await t.db.prisma.pin.findUniqueOrThrow({ where: { userId } })).failedCount;
  const userStatus = async (userId: string) =>
    (await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).status;
  const liveSessions = (userId: string) =>
    t.db.prisma.session.count({ where: { userId, endedAt: null } });

  it('checks at most the limit of a burst of wrong PINs from ten sessions, then blocks', async () => {
    const user = await withPin();
    const sessions = await Promise.all(Array.from({ length: 10 }, () => confirming(user)));
    const answers = await Promise.all(sessions.map((s) => byPin(s.cookie, WRONG)));
    const codes = answers.map((a) => a.json().Code as string);
    expect(codes.filter((c) => c === 'invalid_pin')).toHaveLength(4);
    expect(codes.filter((c) => c === 'account_blocked')).toHaveLength(6);
    expect(await pinCount(user.id)).toBe(5);
    expect(await userStatus(user.id)).toBe('blocked');
    expect(await liveSessions(user.id)).toBe(0);
  });

  it("blocks the account when a count run up through a laxer client reaches this client's limit", async () => {
    const lax = await createClient(t, { appId: (await createApp(t)).id, loginRetryLimit: 10 });
    const user = await withPin();
    const there = await confirming(user, lax.id);
    for (let i = 0; i < 5; i += 1) {
      expect((await byPin(there.cookie, WRONG, lax.id)).json().Code).toBe('invalid_pin');
    }
    // The portal allows five: the account has used them, so even the right PIN is refused there,
    // and the refusal is true: the account is blocked and keeps no session.
    const here = await confirming(user);
    const answer = await byPin(here.cookie, PIN);
    expect(answer.json()).toMatchObject({ Code: 'account_blocked' });
    expect(await userStatus(user.id)).toBe('blocked');
    expect(await liveSessions(user.id)).toBe(0);
    const events = await t.db.prisma.auditEvent.findMany({
      where: { target: user.id, action: 'account.blocked' },
    });
    expect(events.map((e) => e.details)).toEqual([{ credential: 'mpin' }]);
  });

  it.each([
    ['Arabic-Indic digits', '٤٨٠٢١٣'],
    ['full-width digits', '４８０２１３'],
    ['a leading space', ` ${PIN}`],
    ['a trailing space', `${PIN} `],
    ['seven digits', `${PIN}7`],
  ])(
    'refuses a PIN with %s as bad input, counting nothing, at the sign-in and when set',
    async (_name, pin) => {
      const user = await withPin();
      const session = await confirming(user);
      const answer = await byPin(session.cookie, pin);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().Code).toBe('incomplete_param');
      expect(await pinCount(user.id)).toBe(0);

      const live = await openTestSession(t, user);
      const set = await post(live.cookie, '/v1/mfa/pin/set', { pin, password: b64(user.password) });
      expect(set.json().Code).toBe('incomplete_param');
      expect((await byPin(session.cookie, PIN)).json().Code).toBe('200');
    },
  );
});
