import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { b64, createApp, createCompany, createUser, unique } from '../../test/factories.js';
import { verifySecret } from '../credentials/argon2.js';
import { newInviteCode } from '../invites/invite-code.js';
import { storeResetToken } from './reset-token.js';

/**
 * The password policy (docs/accounts.md, "Password policy"): the longest new password is the
 * operator's PASSWORD_MAX_LENGTH (128 by default, the specification's 50 available), and common
 * or breached passwords are refused while PASSWORD_BLOCKLIST is on (the default). Registration
 * and reset both, each refusal changing nothing.
 */
let lastIp = 0;
const nextIp = () => `10.7.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;

/** A password of `length` characters that passes the composition rules and no blocklist. */
const longPassword = (length: number) => `Ab1${'q'.repeat(length - 3)}`;

function policyWorld(settings: Record<string, string>) {
  const world = {} as { t: TestApp; companyId: string; appId: string };
  beforeAll(async () => {
    world.t = await startTestApp(settings);
    world.companyId = (await createCompany(world.t)).id;
    world.appId = (await createApp(world.t)).id;
  });
  afterAll(() => world.t.close());

  const reset = async (password: string) => {
    const user = await createUser(world.t);
    const link = await world.t.db.prisma.$transaction((tx) =>
      storeResetToken(tx, 'https://portal.example.test', { user, reason: 'forgot' }),
    );
    const code = new URL(link).searchParams.get('code') as string;
    const answer = await world.t.app.inject({
      method: 'POST',
      url: '/v1/forgot/update',
      remoteAddress: nextIp(),
      payload: { code, pass: b64(password), username: user.username },
    });
    const row = await world.t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const token = await world.t.db.prisma.passwordResetToken.findFirstOrThrow({
      where: { userId: user.id },
    });
    return {
      answer: answer.json() as { Code: string; Msg: unknown },
      changed: await verifySecret(row.passwordHash, password),
      tokenUsed: token.usedAt !== null,
    };
  };

  const register = async (password: string) => {
    const email = `${unique('pol')}@example.test`;
    const made = newInviteCode();
    await world.t.db.prisma.access.create({
      data: {
        companyId: world.companyId,
        appId: world.appId,
        email,
        status: 'pending',
        inviteCodeHash: made.hash,
        inviteExpiresAt: made.expiresAt,
        roles: { create: [{ roleId: 'viewer' }] },
      },
    });
    const answer = await world.t.app.inject({
      method: 'POST',
      url: '/v1/register',
      remoteAddress: nextIp(),
      payload: {
        uname: b64(unique('Pol_')),
        pass: b64(password),
        mobile: b64('+1 (555) 010-2030'),
        email: b64(email),
        displayName: 'Policy Person',
        access: made.code,
      },
    });
    const created = await world.t.db.prisma.user.count({ where: { email } });
    return { answer: answer.json() as { Code: string; Msg: unknown }, created: created === 1 };
  };

  const policy = async () =>
    (await world.t.app.inject({ method: 'GET', url: '/v1/password/policy' })).json();

  return { reset, register, policy };
}

describe('password policy, defaults (maximum 128, blocklist on)', () => {
  const w = policyWorld({});

  it('tells the policy in force', async () => {
    expect(await w.policy()).toEqual({
      Code: '200',
      Msg: { min: 6, max: 128, blocklist: true },
    });
  });

  it('accepts a 128-character passphrase and refuses 129 with the maximum in force', async () => {
    const ok = await w.reset(longPassword(128));
    expect(ok.answer.Code).toBe('200');
    expect(ok.changed).toBe(true);

    const long = await w.reset(longPassword(129));
    expect(long.answer).toEqual({
      Code: 'incomplete_param',
      Msg: { fields: { pass: 'Password must not exceed 128 characters.' } },
    });
    expect(long.changed).toBe(false);
    expect(long.tokenUsed).toBe(false);

    const registered = await w.register(longPassword(100));
    expect(registered.answer.Code).toBe('200');
  });

  it('refuses common and breached passwords, whatever their case, changing nothing', async () => {
    for (const password of ['Password1', 'Qwerty123', 'Welcome1']) {
      const reset = await w.reset(password);
      expect(reset.answer.Code, password).toBe('password_too_common');
      expect(reset.changed).toBe(false);
      expect(reset.tokenUsed).toBe(false);
      const registered = await w.register(password);
      expect(registered.answer.Code, password).toBe('password_too_common');
      expect(registered.created).toBe(false);
    }
  });
});

describe("password policy, the specification's maximum and no blocklist", () => {
  const w = policyWorld({ PASSWORD_MAX_LENGTH: '50', PASSWORD_BLOCKLIST: 'false' });

  it('applies the maximum of 50 with its message, and lets common passwords through', async () => {
    expect((await w.policy()).Msg).toEqual({ min: 6, max: 50, blocklist: false });
    expect((await w.reset(longPassword(50))).answer.Code).toBe('200');
    expect((await w.reset(longPassword(51))).answer).toEqual({
      Code: 'incomplete_param',
      Msg: { fields: { pass: 'Password must not exceed 50 characters.' } },
    });
    expect((await w.register('Password1')).answer.Code).toBe('200');
  });
});
