import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  b64,
  bootstrapPlatform,
  createUser,
  openTestSession,
  unique,
} from '../../test/factories.js';
import { verifySecret } from '../credentials/argon2.js';
import { sha256 } from '../credentials/tokens.js';
import { queueForgotLink } from './forgot-job.js';

const PUBLIC_URL = 'https://portal.example.test';

/** Every test posts from its own address, so the per-IP limits never mix tests. */
let lastIp = 0;
const nextIp = () => `10.1.0.${++lastIp}`;

describe('forgot password and reset', () => {
  let t: TestApp;
  let peer: MailPeer;
  beforeAll(async () => {
    peer = await startMailPeer();
    // Retries come quickly here (the default first retry waits 5 s).
    t = await startTestApp({
      SMTP_URL: peer.url,
      PUBLIC_URL,
      MAIL_RETRY_MS: '100',
      MAIL_POLL_MS: '100',
    });
    await bootstrapPlatform(t);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = (
    path: string,
    payload: unknown,
    options: { ip?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/forgot/${path}`,
      payload: payload as Record<string, unknown>,
      headers: options.headers ?? {},
      remoteAddress: options.ip ?? nextIp(),
    });

  /** Asks for a link and reads its code from the delivered mail. */
  async function requestCode(
    identifier: string,
    email: string,
    headers: Record<string, string> = {},
  ) {
    const answer = await post('request', { email: identifier }, { headers });
    expect(answer.json()).toEqual({ Code: '200', Msg: 'Reset link sent' });
    const mail = await peer.nextMailTo(email);
    const link = /(\S+\/reset\?code=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link as string);
    return { link: url, code: url.searchParams.get('code') as string };
  }

  const tokensOf = (userId: string) =>
    t.db.prisma.passwordResetToken.findMany({ where: { userId } });

  it('resets the password by e-mail link: new hash, account active, every session ended', async () => {
    const user = await createUser(t);
    await t.db.prisma.user.update({
      where: { id: user.id },
      data: { failedLoginCount: 2, lockedUntil: new Date(Date.now() + 60_000) },
    });
    await t.db.prisma.pin.create({ data: { userId: user.id, hash: 'unused', failedCount: 5 } });
    const first = await openTestSession(t, user);
    const second = await openTestSession(t, user);
    const other = await createUser(t);
    const bystander = await openTestSession(t, other);

    const { link, code } = await requestCode(user.email.toUpperCase(), user.email);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/reset');

    // Stored only hashed.
    const [token] = await tokensOf(user.id);
    expect(token?.tokenHash).toBe(sha256(code));
    expect(token?.reason).toBe('forgot');
    expect(JSON.stringify(token)).not.toContain(code);

    expect((await post('validate', { code })).json()).toEqual({
      Code: '200',
      Msg: 'Reset link is valid',
    });
    const reset = await post('update', { code, pass: b64('BrandNew42'), username: user.username });
    expect(reset.json()).toEqual({ Code: '200', Msg: 'Password reset' });

    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifySecret(row.passwordHash, 'BrandNew42')).toBe(true);
    expect(await verifySecret(row.passwordHash, user.password)).toBe(false);
    expect(row.status).toBe('active');
    expect(row.failedLoginCount).toBe(0);
    expect(row.passwordChangedAt).not.toBeNull();
    // Every lockout is lifted: a platform administrator's timed lock and the PIN's count.
    expect(row.lockedUntil).toBeNull();
    expect(
      (await t.db.prisma.pin.findUniqueOrThrow({ where: { userId: user.id } })).failedCount,
    ).toBe(0);

    const sessions = await t.db.prisma.session.findMany({
      where: { id: { in: [first.id, second.id, bystander.id] } },
    });
    const byId = new Map(sessions.map((s) => [s.id, s]));
    expect(byId.get(first.id)?.endReason).toBe('password_reset');
    expect(byId.get(second.id)?.endedAt).not.toBeNull();
    expect(byId.get(bystander.id)?.endedAt).toBeNull();
    const old = await t.app.inject({
      method: 'GET',
      url: '/v1/devices',
      headers: { cookie: first.cookie },
    });
    expect(old.json()).toMatchObject({ Code: 'session_invalid' });

    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'password.reset', target: user.id },
    });
    expect(audit).not.toBeNull();
    expect(JSON.stringify(audit?.details)).not.toContain(code);

    // The link is spent.
    expect((await post('validate', { code })).json()).toMatchObject({ Code: 'forgot_used' });
    const again = await post('update', { code, pass: b64('Another42'), username: user.username });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Code: 'forgot_used' });
  });

  it('finds the account by username and lifts awaiting_reset', async () => {
    const user = await createUser(t, { status: 'awaiting_reset' });
    const { code } = await requestCode(user.username.toUpperCase(), user.email);
    const reset = await post('update', {
      code,
      pass: b64('Fresh1234'),
      username: user.username.toUpperCase(),
    });
    expect(reset.json()).toMatchObject({ Code: '200' });
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.status).toBe('active');
  });

  it('refuses the current password as the new one, changes nothing and keeps the link', async () => {
    const user = await createUser(t, { status: 'awaiting_reset', password: 'Harbour-Lights-77' });
    const { code } = await requestCode(user.username, user.email);
    const same = await post('update', { code, pass: b64(user.password), username: user.username });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ Code: 'password_reused', Msg: 'password_reused' });
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.status).toBe('awaiting_reset');
    expect(row.passwordChangedAt).toBeNull();
    expect((await tokensOf(user.id)).filter((token) => token.usedAt !== null)).toHaveLength(0);
    const other = await post('update', { code, pass: b64('Fresh1234'), username: user.username });
    expect(other.json()).toMatchObject({ Code: '200' });
  });

  it('answers forgot_expired for an expired link and changes nothing', async () => {
    const user = await createUser(t);
    const { code } = await requestCode(user.username, user.email);
    await t.db.prisma.passwordResetToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const validate = await post('validate', { code });
    expect(validate.statusCode).toBe(409);
    expect(validate.json()).toMatchObject({ Code: 'forgot_expired' });
    const reset = await post('update', { code, pass: b64('Fresh1234'), username: user.username });
    expect(reset.json()).toMatchObject({ Code: 'forgot_expired' });
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifySecret(row.passwordHash, user.password)).toBe(true);
  });

  it('keeps only the newest link valid', async () => {
    const user = await createUser(t);
    const older = await requestCode(user.username, user.email);
    const newer = await requestCode(user.username, user.email);
    expect((await post('validate', { code: older.code })).json()).toMatchObject({
      Code: 'forgot_expired',
    });
    expect((await post('validate', { code: newer.code })).json()).toMatchObject({ Code: '200' });
  });

  it('answers forgot_invalid for an unknown code or another user name, and keeps the link', async () => {
    const unknown = 'x'.repeat(43);
    const validate = await post('validate', { code: unknown });
    expect(validate.statusCode).toBe(404);
    expect(validate.json()).toMatchObject({ Code: 'forgot_invalid' });
    expect(
      (
        await post('update', { code: unknown, pass: b64('Fresh1234'), username: 'someone_x' })
      ).json(),
    ).toMatchObject({ Code: 'forgot_invalid' });

    const user = await createUser(t);
    const stranger = await createUser(t);
    const { code } = await requestCode(user.username, user.email);
    const wrong = await post('update', {
      code,
      pass: b64('Fresh1234'),
      username: stranger.username,
    });
    expect(wrong.json()).toMatchObject({ Code: 'forgot_invalid' });
    const [token] = await tokensOf(user.id);
    expect(token?.usedAt).toBeNull();
    for (const id of [user.id, stranger.id]) {
      const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id } });
      expect(await verifySecret(row.passwordHash, 'Fresh1234')).toBe(false);
    }
  });

  it('spends a link once when it is used twice at the same time', async () => {
    const user = await createUser(t);
    const { code } = await requestCode(user.username, user.email);
    const answers = await Promise.all(
      ['Racer1aaa', 'Racer2bbb'].map((pass) =>
        post('update', { code, pass: b64(pass), username: user.username }),
      ),
    );
    const codes = answers.map((a) => a.json<{ Code: string }>().Code).sort();
    expect(codes).toEqual(['200', 'forgot_used']);
    const winner = answers.findIndex((a) => a.json<{ Code: string }>().Code === '200');
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifySecret(row.passwordHash, winner === 0 ? 'Racer1aaa' : 'Racer2bbb')).toBe(
      true,
    );
    const audits = await t.db.prisma.auditEvent.count({
      where: { action: 'password.reset', target: user.id },
    });
    expect(audits).toBe(1);
  });

  it('leaves one live link when several requests are done at once (replicas draining together)', async () => {
    const user = await createUser(t);
    // What the mail workers of several replicas do with requests queued at the same time.
    await Promise.all(
      Array.from({ length: 4 }, () =>
        queueForgotLink(t.app, { identifier: user.username, ip: nextIp() }),
      ),
    );
    const tokens = await tokensOf(user.id);
    expect(tokens).toHaveLength(4);
    const live = tokens.filter((token) => !token.usedAt && token.expiresAt.getTime() > Date.now());
    expect(live).toHaveLength(1);
  });

  it('builds the link from PUBLIC_URL whatever Host or X-Forwarded-Host the request carries', async () => {
    const user = await createUser(t);
    const { link } = await requestCode(user.username, user.email, {
      host: 'evil.example.com',
      'x-forwarded-host': 'evil.example.com',
      'x-forwarded-proto': 'http',
    });
    expect(link.origin).toBe(PUBLIC_URL);
  });

  it('answers at once while the mail server refuses, and delivers the link once it accepts', async () => {
    const user = await createUser(t);
    peer.refuse(true);
    try {
      const answer = await post('request', { email: user.email });
      expect(answer.json()).toEqual({ Code: '200', Msg: 'Reset link sent' });
      // Tried and refused: the work waits in the queue with the reason, never the message.
      await expect
        .poll(async () => (await t.db.prisma.mailJob.findMany()).map((job) => job.lastError))
        .toEqual([expect.stringContaining('mail_failed')]);
    } finally {
      peer.refuse(false);
    }
    const mail = await peer.nextMailTo(user.email);
    const code = /reset\?code=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect((await post('validate', { code })).json()).toMatchObject({ Code: '200' });
    await expect.poll(() => t.db.prisma.mailJob.count()).toBe(0);
    const audits = await t.db.prisma.auditEvent.count({
      where: { action: 'password.forgot', target: user.id },
    });
    expect(audits).toBe(1);
  });

  it('answers an unknown or blocked account like a known one, and sends nothing', async () => {
    const blocked = await createUser(t, { status: 'blocked' });
    const before = peer.messages.length;
    for (const identifier of [
      unique('nobody_'),
      `${unique('nobody')}@example.test`,
      blocked.email,
    ]) {
      const answer = await post('request', { email: identifier });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ Code: '200', Msg: 'Reset link sent' });
    }
    // Give a (wrong) delivery time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(peer.messages.length).toBe(before);
    expect(await tokensOf(blocked.id)).toEqual([]);
  });

  it('refuses bad input with incomplete_param and no change', async () => {
    const user = await createUser(t);
    const { code } = await requestCode(user.username, user.email);
    const cases: [string, unknown][] = [
      ['request', {}],
      ['request', { email: '' }],
      ['request', { email: 42 }],
      ['request', { email: user.email, extra: 1 }],
      ['request', { email: 'x'.repeat(500) }],
      ['validate', {}],
      ['validate', { code: '' }],
      ['validate', { code: ['a'] }],
      ['update', { code, pass: 'not base64!', username: user.username }],
      ['update', { code, pass: b64('weak'), username: user.username }],
      ['update', { code, pass: b64('Fresh1234'), username: 'bad name' }],
      ['update', { code, pass: b64('Fresh1234') }],
      ['update', { code: '', pass: b64('Fresh1234'), username: user.username }],
    ];
    for (const [path, payload] of cases) {
      const answer = await post(path, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toMatchObject({ Code: 'incomplete_param' });
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/v1/forgot/update',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(raw.json()).toMatchObject({ Code: 'incomplete_param' });
    const [token] = await tokensOf(user.id);
    expect(token?.usedAt).toBeNull();
  });

  it('limits the calls per IP', async () => {
    const ip = nextIp();
    const codes: string[] = [];
    for (let i = 0; i < 21; i++) {
      const answer = await post('validate', { code: unique('guess') }, { ip });
      codes.push(answer.json<{ Code: string }>().Code);
    }
    expect(codes.slice(0, 20).every((c) => c === 'forgot_invalid')).toBe(true);
    expect(codes[20]).toBe('rate_limit_exceeded');
  });
});

describe('forgot password with REVEAL_ACCOUNT_STATE on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ REVEAL_ACCOUNT_STATE: 'true' });
  });
  afterAll(() => t.close());

  it('says user_not_found and account_blocked', async () => {
    const blocked = await createUser(t, { status: 'blocked' });
    const request = (email: string) =>
      t.app.inject({ method: 'POST', url: '/v1/forgot/request', payload: { email } });
    const unknown = await request(unique('nobody_'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Code: 'user_not_found' });
    const refused = await request(blocked.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: 'account_blocked' });
    expect(await t.db.prisma.passwordResetToken.count()).toBe(0);
  });
});
