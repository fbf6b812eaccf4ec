import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { b64, createApp, createCompany, createUser, unique } from '../../test/factories.js';
import { verifySecret } from '../credentials/argon2.js';
import { newInviteCode } from '../invites/invite-code.js';
import { holdRow } from '../../test/row-lock.js';

let lastIp = 0;
const nextIp = () => `10.2.0.${++lastIp}`;

describe('registration by invitation', () => {
  let t: TestApp;
  let companyId: string;
  let appId: string;
  beforeAll(async () => {
    t = await startTestApp();
    companyId = (await createCompany(t)).id;
    appId = (await createApp(t)).id;
  });
  afterAll(() => t.close());

  /** A pending invitation as invites.send stores it: one hashed code per access row. */
  async function invite(fields: { email?: string; company?: string; expiresAt?: Date } = {}) {
    const email = fields.email ?? `${unique('reg')}@example.test`;
    const made = newInviteCode();
    const access = await t.db.prisma.access.create({
      data: {
        companyId: fields.company ?? companyId,
        appId,
        email,
        status: 'pending',
        inviteCodeHash: made.hash,
        inviteExpiresAt: fields.expiresAt ?? made.expiresAt,
        roles: { create: [{ roleId: 'viewer' }] },
      },
    });
    return { code: made.code, email, access };
  }

  const form = (code: string, email: string, overrides: Record<string, unknown> = {}) => ({
    uname: b64(unique('New_')),
    pass: b64('Register1'),
    mobile: b64('+1 (555) 010-2030'),
    email: b64(email),
    displayName: 'New Person',
    access: code,
    ...overrides,
  });
  const submit = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v1/register', payload, remoteAddress: nextIp() });
  const codeOf = (answer: { json<T>(): T }) => answer.json<{ Code: string }>().Code;

  it('creates the account and accepts the invitation in one go', async () => {
    const { code, email, access } = await invite();
    const elsewhere = await createCompany(t);
    const other = await invite({ email, company: elsewhere.id });
    const username = unique('Mixed_');
    const answer = await submit(
      form(code, email.toUpperCase(), { uname: b64(username), displayName: '  Ada L  ' }),
    );
    expect(answer.json()).toEqual({ Code: '200', Msg: 'Registration successful' });

    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({
      username: username.toLowerCase(),
      mobile: '+1 (555) 010-2030',
      displayName: 'Ada L',
      status: 'active',
    });
    expect(await verifySecret(user.passwordHash, 'Register1')).toBe(true);
    expect(await t.db.prisma.access.findUniqueOrThrow({ where: { id: access.id } })).toMatchObject({
      status: 'verified',
      userId: user.id,
      acceptedAt: expect.any(Date),
    });
    expect(
      await t.db.prisma.access.findUniqueOrThrow({ where: { id: other.access.id } }),
    ).toMatchObject({ status: 'pending', userId: user.id });
    const prefs = await t.db.prisma.userPreference.findMany({ where: { userId: user.id } });
    expect(prefs).toEqual([expect.objectContaining({ companyId, fname: '', lname: '' })]);
    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'user.register', target: user.id },
    });
    expect(audit).toMatchObject({ actorId: user.id, companyId });
    expect(JSON.stringify(audit?.details)).not.toContain(code);

    // The invitation is used: registering with it again is `verified`.
    const again = await submit(form(code, email));
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('verified');
  });

  it('answers user_already_enrolled and email_already_inuse, creating nothing', async () => {
    const existing = await createUser(t);
    const first = await invite();
    const taken = await submit(form(first.code, first.email, { uname: b64(existing.username) }));
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken)).toBe('user_already_enrolled');
    const upper = await submit(
      form(first.code, first.email, { uname: b64(existing.username.toUpperCase()) }),
    );
    expect(codeOf(upper)).toBe('user_already_enrolled');
    expect(await t.db.prisma.user.findUnique({ where: { email: first.email } })).toBeNull();

    const second = await invite({ email: existing.email });
    const inUse = await submit(form(second.code, existing.email));
    expect(codeOf(inUse)).toBe('email_already_inuse');
    for (const id of [first.access.id, second.access.id]) {
      expect(await t.db.prisma.access.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: 'pending',
        userId: null,
      });
    }
  });

  it('answers invite_expired and access_not_found', async () => {
    const old = await invite({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await submit(form(old.code, old.email));
    expect(expired.statusCode).toBe(409);
    expect(codeOf(expired)).toBe('invite_expired');
    const open = await invite();
    expect(codeOf(await submit(form(`${open.code}x`, open.email)))).toBe('access_not_found');
    expect(codeOf(await submit(form(open.code, 'someone.else@example.test')))).toBe(
      'access_not_found',
    );
    expect(
      await t.db.prisma.user.count({ where: { email: { in: [old.email, open.email] } } }),
    ).toBe(0);
  });

  it('makes one user when one invitation is used twice at the same time', async () => {
    const { code, email } = await invite();
    const answers = await Promise.all([submit(form(code, email)), submit(form(code, email))]);
    expect(answers.map(codeOf).sort()).toEqual(['200', 'verified']);
    expect(await t.db.prisma.user.count({ where: { email } })).toBe(1);
  });

  /** Until a statement of another connection waits for a lock on `table` (PostgreSQL only). */
  async function waitForLockWaiter(table: string) {
    for (let tries = 0; tries < 250; tries += 1) {
      const [row] = await t.db.prisma.$queryRaw<{ waiting: number }[]>`
        SELECT count(*)::int AS waiting
          FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
         WHERE l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND c.relname = ${table} AND NOT l.granted`;
      if (row && row.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`nothing waited for a lock on ${table}`);
  }

  it('answers verified when the invitation is used between its read and the names check', async (ctx) => {
    // A lock held on a connection of the test's own while the request runs: PostgreSQL only.
    if (!t.url) return ctx.skip();
    const { code, email, access } = await invite();
    const side = new pg.Client({ connectionString: t.url });
    await side.connect();
    try {
      await side.query('BEGIN');
      // The request reads the invitation (access), then waits here to look at users.
      await side.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const answer = submit(form(code, email));
      await waitForLockWaiter('users');
      // Meanwhile another registration with the same link commits: its user, the link used.
      const other = await side.query<{ id: string }>(
        `INSERT INTO users (id, username, email, display_name, password_hash, updated_at)
         VALUES (gen_random_uuid()::text, $1, $2, 'Other', 'x', now()) RETURNING id`,
        [unique('other_'), email],
      );
      await side.query(
        `UPDATE access SET status = 'verified', user_id = $1, accepted_at = now() WHERE id = $2`,
        [other.rows[0]?.id, access.id],
      );
      await side.query('COMMIT');
      expect(codeOf(await answer)).toBe('verified');
      expect(await t.db.prisma.user.count({ where: { email } })).toBe(1);
    } finally {
      await side.end();
    }
  });

  it('gives a username to one of two registrations at the same time', async () => {
    const a = await invite();
    const b = await invite();
    const username = unique('Same_');
    const answers = await Promise.all([
      submit(form(a.code, a.email, { uname: b64(username) })),
      submit(form(b.code, b.email, { uname: b64(username) })),
    ]);
    expect(answers.map(codeOf).sort()).toEqual(['200', 'user_already_enrolled']);
    expect(await t.db.prisma.user.count({ where: { username: username.toLowerCase() } })).toBe(1);
    const loser = answers.findIndex((x) => codeOf(x) !== '200') === 0 ? a : b;
    expect(
      await t.db.prisma.access.findUniqueOrThrow({ where: { id: loser.access.id } }),
    ).toMatchObject({ status: 'pending', userId: null });
  });

  it('gives an e-mail invited by two companies to one of two registrations at the same time', async () => {
    const email = `${unique('both')}@example.test`;
    const a = await invite({ email });
    const b = await invite({ email, company: (await createCompany(t)).id });
    // B queues on its invitation first; A then gets as far as it can before B goes on (its
    // user is written, and it would give B's invitation the new user id).
    const held = await holdRow(t, 'access', b.access.id);
    const second = submit(form(b.code, email));
    await held.waitingOnLocks(1);
    const first = submit(form(a.code, email));
    await held.waitingOnLocks(2);
    await held.release();
    const answers = [await first, await second];
    expect(answers.map(codeOf).sort()).toEqual(['200', 'email_already_inuse']);
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { email } });
    // The other invitation stays open, known to belong to the account.
    const loser = codeOf(answers[0] as { json<T>(): T }) === '200' ? b : a;
    expect(
      await t.db.prisma.access.findUniqueOrThrow({ where: { id: loser.access.id } }),
    ).toMatchObject({ status: 'pending', userId: user.id });
  });

  it('limits registrations per IP, so invitation codes cannot be guessed there', async () => {
    const { code, email, access } = await invite();
    const remoteAddress = nextIp();
    const codes: string[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: form(`${code}${i}`, email),
        remoteAddress,
      });
      codes.push(codeOf(answer));
    }
    const guessed = await t.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: form(code, email),
      remoteAddress,
    });
    expect(codes.every((c) => c === 'access_not_found')).toBe(true);
    // Even the right code, once the address is over its limit: nothing is created.
    expect(guessed.statusCode).toBe(429);
    expect(codeOf(guessed)).toBe('rate_limit_exceeded');
    expect(await t.db.prisma.user.count({ where: { email } })).toBe(0);
    expect((await t.db.prisma.access.findUniqueOrThrow({ where: { id: access.id } })).status).toBe(
      'pending',
    );
  });

  it('answers incomplete_param for bad input and creates nothing', async () => {
    const { code, email, access } = await invite();
    const bad: Record<string, unknown>[] = [
      {},
      form(code, email, { uname: 'not base64!' }),
      form(code, email, { uname: b64('ab') }),
      form(code, email, { uname: b64('has space1') }),
      form(code, email, { pass: b64('weakpass') }),
      form(code, email, { mobile: b64('123') }),
      form(code, email, { mobile: b64('call me maybe') }),
      form(code, email, { email: b64('not-an-email') }),
      form(code, email, { email: email }),
      form(code, email, { displayName: '   ' }),
      form(code, email, { access: '' }),
      form(code, email, { access: undefined }),
      form(code, email, { extra: 'field' }),
      form(code, email, { pass: 12345 }),
    ];
    for (const payload of bad) {
      const answer = await submit(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(codeOf(answer)).toBe('incomplete_param');
    }
    expect(await t.db.prisma.user.count({ where: { email } })).toBe(0);
    expect((await t.db.prisma.access.findUniqueOrThrow({ where: { id: access.id } })).status).toBe(
      'pending',
    );
  });
});
