import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { locksWaiting } from '../../test/row-lock.js';
import type { Prisma } from '@portico/db';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  grantAccess,
  signedInMember,
} from '../../test/factories.js';
import { newInviteCode } from '../invites/invite-code.js';
import { ownerEmailsOf } from './ownership.fixtures.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * A company keeps an owner when owners act on each other at the same moment. Each request
 * passes the session check as an owner; the test then holds the per-person locks
 * (users/access-lock.ts) until both are waiting inside their transactions, so both have read
 * their caller an owner before either writes: the one that goes second must find its caller
 * no longer the owner (forbidden), as it would a moment later.
 */
describe('owners acting on each other at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const demote = (by: Member, target: Member) =>
    post(by.session.cookie, '/v1/users/role/update', {
      email: target.email,
      data: [{ app: 'global', roles: ['admin'] }],
    });
  const remove = (by: Member, target: Member) =>
    post(by.session.cookie, '/v1/user/company/remove', { email: target.email });
  const transfer = (by: Member, target: Member) =>
    post(by.session.cookie, '/v1/users/owner/transfer', { email: target.email });
  const ownersOf = (companyId: string) => ownerEmailsOf(t, companyId);
  const waiting = () => locksWaiting(t);

  /** Holds the per-person locks of `emails` in `companyId` (whileHeld). */
  const personLocks =
    (companyId: string, emails: string[]) => async (tx: Prisma.TransactionClient) => {
      for (const email of emails) {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`access:${companyId}:${email}`}, 0))`;
      }
    };

  /**
   * Holds what `hold` locks while `starts` fire their requests (one at a time, each once the
   * one before waits), and releases it once all wait.
   */
  async function whileHeld<T>(
    hold: (tx: Prisma.TransactionClient) => Promise<void>,
    starts: (() => Promise<T>)[],
  ): Promise<T[]> {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.prisma.$transaction(
      async (tx) => {
        await hold(tx);
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const answers: Promise<T>[] = [];
    for (const [index, start] of starts.entries()) {
      answers.push(start());
      await expect.poll(waiting).toBe(index + 1);
    }
    release();
    await holder;
    return Promise.all(answers);
  }

  it('two owners demoting each other leave one owner', async () => {
    const company = await createCompany(t);
    const a = await signedInMember(t, company.id, ['owner']);
    const b = await signedInMember(t, company.id, ['owner']);
    const answers = await whileHeld(personLocks(company.id, [a.email, b.email]), [
      () => demote(a, b),
      () => demote(b, a),
    ]);
    expect(await ownersOf(company.id)).toEqual([a.email]);
    expect(answers.map((res) => res.json().Code)).toEqual(['200', 'forbidden']);
  });

  it('two owners removing each other leave one owner', async () => {
    const company = await createCompany(t);
    const a = await signedInMember(t, company.id, ['owner']);
    const b = await signedInMember(t, company.id, ['owner']);
    const answers = await whileHeld(personLocks(company.id, [a.email, b.email]), [
      () => remove(a, b),
      () => remove(b, a),
    ]);
    expect(await ownersOf(company.id)).toEqual([a.email]);
    expect(answers.map((res) => res.json().Code)).toEqual(['200', 'forbidden']);
  });

  it('a transfer and the old owner removing the new one leave one owner', async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const member = await signedInMember(t, company.id, []);
    const answers = await whileHeld(personLocks(company.id, [member.email]), [
      () => transfer(owner, member),
      () => remove(owner, member),
    ]);
    // The removal finds its caller an admin and the target the owner.
    expect(await ownersOf(company.id)).toEqual([member.email]);
    expect(answers.map((res) => res.json().Code)).toEqual(['200', 'forbidden']);
  });

  it("a transfer while an administrator changes the new owner's application roles: both done", async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const admin = await signedInMember(t, company.id, ['admin']);
    const member = await signedInMember(t, company.id, []);
    const app = await createApp(t);
    const row = await grantAccess(t, {
      companyId: company.id,
      appId: app.id,
      user: member,
      roles: ['viewer'],
    });
    // The administrator's change holds the member's lock and waits on their role row (held
    // here) when the transfer arrives and waits for the member's lock.
    const answers = await whileHeld(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM access_roles WHERE access_id = ${row.id} FOR UPDATE`;
      },
      [
        () =>
          post(admin.session.cookie, '/v1/users/role/update', {
            email: member.email,
            data: [{ app: app.id, roles: ['editor'] }],
          }),
        () => transfer(owner, member),
      ],
    );
    expect(answers.map((res) => res.json().Code)).toEqual(['200', '200']);
    expect(await ownersOf(company.id)).toEqual([member.email]);
  });

  /**
   * A member of `companyId` (verified on an application) with a pending invitation to
   * global.owner and its code: the platform's "Change" owner invites an existing member.
   */
  async function invitedOwner(companyId: string) {
    const member = await signedInMember(t, companyId, []);
    // signedInMember grants global access: move it to an application, to free the global row.
    const app = await createApp(t);
    await t.db.prisma.access.updateMany({
      where: { companyId, email: member.email, appId: 'global' },
      data: { appId: app.id },
    });
    const code = newInviteCode();
    await t.db.prisma.access.create({
      data: {
        companyId,
        appId: 'global',
        email: member.email,
        userId: member.id,
        status: 'pending',
        inviteCodeHash: code.hash,
        inviteExpiresAt: code.expiresAt,
        roles: { create: [{ roleId: 'owner' }] },
      },
    });
    return { member, code: code.code };
  }
  const accept = (code: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/invite/accept',
      payload: { access_code: code, email },
    });

  // The change of owner holds the company row and waits for the invitee's lock (held here) when
  // the acceptance arrives: the acceptance must wait for the company row before it takes the
  // invitation's row, or each ends up waiting for the other (a deadlock, a 500).
  it('an owner invitation accepted while the owner transfers to the invitee: no deadlock', async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const { member, code } = await invitedOwner(company.id);
    const [transferred, accepted] = await whileHeld(personLocks(company.id, [member.email]), [
      () => transfer(owner, member),
      () => accept(code, member.email),
    ]);
    expect(transferred?.json().Code).toBe('200');
    expect(accepted?.json().Code).toBe('invite_accepted');
    expect(await ownersOf(company.id)).toEqual([member.email]);
  });

  it('an owner invitation accepted while the owner withdraws it: no deadlock', async () => {
    const company = await createCompany(t);
    const owner = await signedInMember(t, company.id, ['owner']);
    const { member, code } = await invitedOwner(company.id);
    const [withdrawn, accepted] = await whileHeld(personLocks(company.id, [member.email]), [
      () =>
        post(owner.session.cookie, '/v1/users/role/update', {
          email: member.email,
          data: [{ app: 'global', roles: [] }],
        }),
      () => accept(code, member.email),
    ]);
    expect(withdrawn?.json().Code).toBe('200');
    expect(accepted?.json().Code).toBe('not_found');
    expect(await ownersOf(company.id)).toEqual([owner.email]);
  });
});
