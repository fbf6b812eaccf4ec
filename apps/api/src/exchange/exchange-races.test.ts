import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { locksWaiting } from '../../test/row-lock.js';
import { newExchangeCode } from './exchange-code.js';
import type * as IdentityModule from './identity.js';

/**
 * A gate in front of loadIdentity: the exchange has consumed its code and checked its session
 * when it reaches it, so the test can run a session-ending change exactly then.
 */
const gate = vi.hoisted(() => ({
  paused: null as null | { reached: () => void; go: Promise<void> },
}));
vi.mock('./identity.js', async (importOriginal) => {
  const original = await importOriginal<typeof IdentityModule>();
  return {
    ...original,
    loadIdentity: async (...args: Parameters<typeof original.loadIdentity>) => {
      const paused = gate.paused;
      if (paused) {
        paused.reached();
        await paused.go;
      }
      return original.loadIdentity(...args);
    },
  };
});

/** Pauses the next exchange in front of loadIdentity until `go`. */
function pauseBeforeIdentity(): { reached: Promise<void>; go: () => void } {
  let reached = () => {};
  const isReached = new Promise<void>((resolve) => (reached = resolve));
  let go = () => {};
  const goes = new Promise<void>((resolve) => (go = resolve));
  gate.paused = { reached, go: goes };
  return {
    reached: isReached,
    go: () => {
      gate.paused = null;
      go();
    },
  };
}

describe('code exchange against session-ending changes under way', () => {
  let t: TestApp;
  let appId: string;
  let web: Awaited<ReturnType<typeof createClient>>;
  let company: { id: string; name: string };
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    appId = (await createApp(t, { roles: ['viewer', 'editor'] })).id;
    web = await createClient(t, { appId });
    company = await createCompany(t);
    user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId, user, roles: ['viewer', 'editor'] });
  });
  afterAll(() => t.close());

  async function issue(): Promise<{ code: string; session: TestSession }> {
    const session = await openTestSession(t, user, { companyId: company.id, clientId: web.id });
    const exchange = newExchangeCode();
    await t.db.prisma.exchangeCode.create({
      data: {
        codeHash: exchange.hash,
        clientId: web.id,
        userId: user.id,
        companyId: company.id,
        sessionId: session.id,
        redirect: web.redirect,
        expiresAt: exchange.expiresAt,
      },
    });
    return { code: exchange.code, session };
  }

  const bySecret = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/exchange',
      payload: { client: web.id, secret: web.secret, code, com: company.id },
    });

  it('answers a consistent identity when access is removed while the exchange is under way', async () => {
    const { code, session } = await issue();
    const pause = pauseBeforeIdentity();
    const answering = bySecret(code);
    await pause.reached;
    // The code is consumed and its session was live; now the access goes and the session ends,
    // as users/remove-access.ts does it, in one transaction.
    const removing = t.db.prisma.$transaction(async (tx) => {
      await tx.access.updateMany({
        where: { userId: user.id, companyId: company.id, appId },
        data: { status: 'pending' },
      });
      await tx.session.updateMany({
        where: { id: session.id, endedAt: null },
        data: { endedAt: new Date(), endReason: 'access_removed' },
      });
    });
    // The removal waits for the exchange (it holds the session), or has finished already.
    await Promise.race([removing, expect.poll(() => locksWaiting(t)).toBe(1)]);
    pause.go();
    const answer = await answering;
    await removing;
    // Either the exchange came first (the roles it had), or the removal did (code_invalid):
    // never a success for an ended session with the roles of after its end.
    expect(answer.json()).toMatchObject({ Code: '200', Msg: { roles: ['editor', 'viewer'] } });
    expect(
      await t.db.prisma.session.findUniqueOrThrow({ where: { id: session.id } }),
    ).toMatchObject({ endReason: 'access_removed' });
  });

  it('refuses the code of a session whose sign-out is under way when the exchange arrives', async () => {
    const { code, session } = await issue();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let ended = () => {};
    const isEnded = new Promise<void>((resolve) => (ended = resolve));
    const signingOut = t.db.prisma.$transaction(
      async (tx) => {
        await tx.session.update({
          where: { id: session.id },
          data: { endedAt: new Date(), endReason: 'signed_out' },
        });
        ended();
        await held;
      },
      { timeout: 20_000 },
    );
    await isEnded;
    const answering = bySecret(code);
    await expect.poll(() => locksWaiting(t)).toBe(1);
    release();
    await signingOut;
    expect((await answering).json()).toMatchObject({ Code: 'code_invalid' });
  });

  it('refuses a code whose expiry has just passed and accepts one about to expire', async () => {
    const early = await issue();
    await t.db.prisma.$executeRaw`
      UPDATE exchange_codes SET expires_at = now() + interval '5 seconds'
       WHERE session_id = ${early.session.id}`;
    expect((await bySecret(early.code)).json()).toMatchObject({ Code: '200' });
    const late = await issue();
    await t.db.prisma.$executeRaw`
      UPDATE exchange_codes SET expires_at = date_trunc('milliseconds', now())
       WHERE session_id = ${late.session.id}`;
    expect((await bySecret(late.code)).json()).toMatchObject({ Code: 'code_invalid' });
  });

  it('answers hostile input with a catalogue code, no stack, nothing consumed', async () => {
    const { code, session } = await issue();
    const base = { client: web.id, secret: web.secret, code, com: company.id };
    const payloads: unknown[] = [
      { ...base, code: [code] },
      { ...base, com: [company.id] },
      { ...base, secret: [web.secret] },
      { ...base, client: [web.id] },
      { ...base, code: `${code}\u0000` },
      { ...base, client: `${web.id}\u0000` },
      { ...base, secret: `${web.secret}\u0000` },
      { ...base, code: '\ud800\udfff\u202e\ufeff' },
      { ...base, code: 'x'.repeat(1_000_000) },
      { ...base, code: { $ne: null } },
      { ...base, code: null },
      [base],
      null,
      'code',
      42,
    ];
    for (const payload of payloads) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/v1/exchange',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      const label = JSON.stringify(payload).slice(0, 80);
      expect(answer.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, label).toBeLessThan(500);
      expect(answer.body, label).not.toMatch(/stack|at .*\.ts|Prisma|postgres/i);
      expect([
        'incomplete_param',
        'client_unauthorized',
        'code_invalid',
        'payload_too_large',
      ]).toContain(answer.json().Code);
    }
    const row = await t.db.prisma.exchangeCode.findFirstOrThrow({
      where: { sessionId: session.id },
    });
    expect(row.usedAt).toBeNull();
    expect((await bySecret(code)).json()).toMatchObject({ Code: '200' });
  });

  it('refuses a right code with a hostile com (incomplete_param, or code_invalid as any wrong com)', async () => {
    for (const com of [`${company.id}\u0000`, 'é'.repeat(64), '\ud800', ` ${company.id}`]) {
      const { code } = await issue();
      const answer = await t.app.inject({
        method: 'POST',
        url: '/v1/exchange',
        payload: { client: web.id, secret: web.secret, code, com },
      });
      expect(answer.statusCode, com).toBe(400);
      // A com that cannot be stored is no parameter at all; any other is just the wrong one.
      expect(['incomplete_param', 'code_invalid'], com).toContain(answer.json().Code);
    }
  });
});
