import { createHash, randomBytes, randomInt } from 'node:crypto';
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
  openTestSession,
} from '../../test/factories.js';
import type { TestSession, TestUser } from '../../test/factories.js';
import { newExchangeCode } from './exchange-code.js';
import { EXCHANGE_RATE_LIMIT_MAX } from './routes.js';

/**
 * The code exchange, with codes issued exactly as the company choice issues them
 * (newExchangeCode, a row bound to client, user, company and a real session).
 */
describe('code exchange', () => {
  let t: TestApp;
  let appId: string;
  let web: Awaited<ReturnType<typeof createClient>>;
  let other: Awaited<ReturnType<typeof createClient>>;
  let mobile: Awaited<ReturnType<typeof createClient>>;
  let company: { id: string; name: string };
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    appId = (await createApp(t, { roles: ['viewer', 'editor', 'auditor'] })).id;
    web = await createClient(t, { appId });
    other = await createClient(t, { appId: (await createApp(t)).id });
    mobile = await createClient(t, { appId, platform: 'ios', customHash: true });
    company = await createCompany(t);
    user = await createUser(t, { displayName: 'Ada Lovelace' });
    await grantAccess(t, { companyId: company.id, appId, user, roles: ['viewer', 'editor'] });
    await t.db.prisma.userPreference.create({
      data: { userId: user.id, companyId: company.id, fname: 'Ada', lname: 'Byron' },
    });
    // Roles elsewhere must not leak into the answer.
    const elsewhere = await createCompany(t);
    await grantAccess(t, { companyId: elsewhere.id, appId, user, roles: ['auditor'] });
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
  });
  afterAll(() => t.close());

  const someIp = () => `172.16.${randomInt(0, 256)}.${randomInt(1, 255)}`;

  /** A session on the client and a code for it, as auth.chooseCompany makes them. */
  async function issue(
    options: {
      client?: { id: string; redirect: string };
      challenge?: string | null;
      issuedAt?: Date;
      companyId?: string;
    } = {},
  ): Promise<{ code: string; session: TestSession }> {
    const client = options.client ?? web;
    const companyId = options.companyId ?? company.id;
    const session = await openTestSession(t, user, { companyId, clientId: client.id });
    const exchange = newExchangeCode(options.issuedAt);
    await t.db.prisma.exchangeCode.create({
      data: {
        codeHash: exchange.hash,
        clientId: client.id,
        userId: user.id,
        companyId,
        sessionId: session.id,
        codeChallenge: options.challenge ?? null,
        redirect: client.redirect,
        expiresAt: exchange.expiresAt,
      },
    });
    return { code: exchange.code, session };
  }

  const exchange = (payload: Record<string, unknown>, ip = someIp()) =>
    t.app.inject({ method: 'POST', url: '/v1/exchange', payload, remoteAddress: ip });

  const bySecret = (code: string, client = web, com = company.id) =>
    exchange({ client: client.id, secret: client.secret, code, com });

  const sessionRow = (id: string) => t.db.prisma.session.findUniqueOrThrow({ where: { id } });

  it('answers the user, the company and the roles in the client app, once', async () => {
    const { code, session } = await issue();
    const answer = await bySecret(code);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      Code: '200',
      Msg: {
        user: {
          id: user.id,
          username: user.username,
          email: user.email,
          dis: 'Ada Lovelace',
          fname: 'Ada',
          lname: 'Byron',
        },
        company: { id: company.id, name: company.name },
        roles: ['editor', 'viewer'],
      },
    });
    const row = await t.db.prisma.exchangeCode.findFirstOrThrow({
      where: { sessionId: session.id },
    });
    expect(row.usedAt).not.toBeNull();
    expect((await sessionRow(session.id)).endedAt).toBeNull();
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'exchange.code', target: user.id, clientId: web.id },
    });
    expect(audit.companyId).toBe(company.id);
    expect(JSON.stringify(audit.details)).not.toContain(code);
  });

  it('answers empty names and roles when the user has no preferences or access any more', async () => {
    const bare = await createCompany(t);
    const { code } = await issue({ companyId: bare.id });
    const answer = await bySecret(code, web, bare.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().Msg).toMatchObject({
      user: { fname: '', lname: '' },
      company: { id: bare.id },
      roles: [],
    });
  });

  it('treats a replay as a leak: code_invalid and the session ends', async () => {
    const { code, session } = await issue();
    expect((await bySecret(code)).statusCode).toBe(200);
    const replay = await bySecret(code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ Code: 'code_invalid' });
    expect(await sessionRow(session.id)).toMatchObject({ endReason: 'code_replay' });
    expect(
      await t.db.prisma.auditEvent.count({
        where: { action: 'exchange.replay', target: `session:${session.id}` },
      }),
    ).toBe(1);
    // The browser's session cookie is dead.
    const details = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/details',
      headers: { cookie: session.cookie },
    });
    expect(details.json()).toMatchObject({ Code: 'session_invalid' });
  });

  it('gives exactly one of twenty parallel exchanges the identity; the rest are replays', async () => {
    const { code, session } = await issue();
    const answers = await Promise.all(Array.from({ length: 20 }, () => bySecret(code)));
    const codes = answers.map((answer) => answer.json().Code as string);
    expect(codes.filter((c) => c === '200')).toHaveLength(1);
    expect(codes.filter((c) => c === 'code_invalid')).toHaveLength(19);
    expect(await sessionRow(session.id)).toMatchObject({ endReason: 'code_replay' });
  });

  it('refuses a wrong or missing secret as client_unauthorized without burning the code', async () => {
    const { code, session } = await issue();
    const wrongSecret = `${web.secret.slice(0, -2)}xx`;
    for (const payload of [
      { client: web.id, secret: wrongSecret, code, com: company.id },
      { client: web.id, secret: other.secret, code, com: company.id },
      { client: 'no-such-client', secret: web.secret, code, com: company.id },
      { client: web.id, code, com: company.id },
      // A Web client cannot use the hash instead of its secret.
      { client: web.id, hash: 'v'.repeat(43), code, com: company.id },
      {},
    ]) {
      const answer = await exchange(payload);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ Code: 'client_unauthorized' });
    }
    expect((await bySecret(code)).statusCode).toBe(200);
    expect((await sessionRow(session.id)).endedAt).toBeNull();
  });

  it('refuses a code presented by another client, and burns it', async () => {
    const { code, session } = await issue();
    const foreign = await bySecret(code, other);
    expect(foreign.json()).toMatchObject({ Code: 'code_invalid' });
    expect((await sessionRow(session.id)).endedAt).toBeNull();
    expect(
      await t.db.prisma.auditEvent.findFirst({
        where: { action: 'exchange.refused', target: `session:${session.id}` },
        select: { details: true, clientId: true },
      }),
    ).toEqual({ details: { reason: 'foreign_client', issuedTo: web.id }, clientId: other.id });
    // The rightful client now presents a used code: a replay, which ends the session.
    expect((await bySecret(code)).json()).toMatchObject({ Code: 'code_invalid' });
    expect(await sessionRow(session.id)).toMatchObject({ endReason: 'code_replay' });
  });

  it('refuses an expired code, another company, and a session that ended or outlived its TTL', async () => {
    const expired = await issue({ issuedAt: new Date(Date.now() - 61_000) });
    expect((await bySecret(expired.code)).json()).toMatchObject({ Code: 'code_invalid' });
    expect((await sessionRow(expired.session.id)).endedAt).toBeNull();

    const wrongCompany = await issue();
    expect((await bySecret(wrongCompany.code, web, 'another')).json()).toMatchObject({
      Code: 'code_invalid',
    });

    const ended = await issue();
    await t.db.prisma.session.update({
      where: { id: ended.session.id },
      data: { endedAt: new Date(), endReason: 'signed_out' },
    });
    expect((await bySecret(ended.code)).json()).toMatchObject({ Code: 'code_invalid' });

    const old = await issue();
    await t.db.prisma.session.update({
      where: { id: old.session.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await bySecret(old.code)).json()).toMatchObject({ Code: 'code_invalid' });

    const unknown = await bySecret(randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ Code: 'code_invalid' });

    const reasons = await t.db.prisma.auditEvent.findMany({
      where: { action: 'exchange.refused', clientId: web.id },
      select: { details: true },
    });
    expect(reasons.map((row) => (row.details as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['expired', 'company_mismatch', 'session_over']),
    );
  });

  describe('custom_hash (proof of possession instead of the secret)', () => {
    const verifier = () => randomBytes(48).toString('base64url');
    const challengeOf = (v: string) => createHash('sha256').update(v).digest('base64url');

    it('exchanges with the verifier whose SHA-256 was the challenge', async () => {
      const v = verifier();
      const { code } = await issue({ client: mobile, challenge: challengeOf(v) });
      const answer = await exchange({ client: mobile.id, hash: v, code, com: company.id });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().Msg.roles).toEqual(['editor', 'viewer']);
      const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'exchange.code', clientId: mobile.id },
      });
      expect(audit.details).toMatchObject({ byHash: true });
    });

    it('refuses a wrong verifier (and burns the code) or a code issued without a challenge', async () => {
      const v = verifier();
      const { code, session } = await issue({ client: mobile, challenge: challengeOf(v) });
      const wrong = await exchange({ client: mobile.id, hash: verifier(), code, com: company.id });
      expect(wrong.json()).toMatchObject({ Code: 'code_invalid' });
      expect((await sessionRow(session.id)).endedAt).toBeNull();
      // The right verifier after a wrong one is too late: the code was burnt, this is a replay.
      const late = await exchange({ client: mobile.id, hash: v, code, com: company.id });
      expect(late.json()).toMatchObject({ Code: 'code_invalid' });
      expect(await sessionRow(session.id)).toMatchObject({ endReason: 'code_replay' });

      const plain = await issue({ client: mobile });
      const noChallenge = await exchange({
        client: mobile.id,
        hash: verifier(),
        code: plain.code,
        com: company.id,
      });
      expect(noChallenge.json()).toMatchObject({ Code: 'code_invalid' });
    });

    it('still accepts the secret of a custom_hash client', async () => {
      const { code } = await issue({ client: mobile, challenge: challengeOf(verifier()) });
      expect((await bySecret(code, mobile)).statusCode).toBe(200);
    });
  });

  it('answers incomplete_param for bad payloads and consumes nothing', async () => {
    const { code } = await issue();
    const base = { client: web.id, secret: web.secret, code, com: company.id };
    const bad: Record<string, unknown>[] = [
      { ...base, code: undefined },
      { ...base, com: undefined },
      { ...base, code: '' },
      { ...base, code: 'c'.repeat(257) },
      { ...base, com: 42 },
      { ...base, extra: true },
      { ...base, hash: 'v'.repeat(43) },
    ];
    for (const payload of bad) {
      const answer = await exchange(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toMatchObject({ Code: 'incomplete_param' });
    }
    const mobileBad = await exchange({ client: mobile.id, hash: 'short', code, com: company.id });
    expect(mobileBad.json()).toMatchObject({ Code: 'incomplete_param' });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v1/exchange',
      payload: '{"client":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    const row = await t.db.prisma.exchangeCode.findFirstOrThrow({
      where: { codeHash: createHash('sha256').update(code).digest('hex') },
    });
    expect(row.usedAt).toBeNull();
    expect((await bySecret(code)).statusCode).toBe(200);
  });

  it('limits exchanges per IP, counting refused ones too', async () => {
    const ip = someIp();
    const flood = Array.from({ length: EXCHANGE_RATE_LIMIT_MAX }, () =>
      exchange({ client: 'nobody', secret: 'guess', code: 'x', com: 'y' }, ip),
    );
    const answers = await Promise.all(flood);
    expect(answers.every((answer) => answer.json().Code === 'client_unauthorized')).toBe(true);
    const { code } = await issue();
    const refused = await exchange(
      { client: web.id, secret: web.secret, code, com: company.id },
      ip,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ Code: 'rate_limit_exceeded' });
    expect(await t.db.prisma.ipBan.count({ where: { ip, reason: 'rate_limit' } })).toBe(1);
    // Another address is not affected, and the code was not touched.
    expect((await bySecret(code)).statusCode).toBe(200);
  });
});
