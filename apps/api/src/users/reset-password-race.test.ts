import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import { locksWaiting } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createCompany,
  grantAccess,
  signedInMember,
} from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * Runs a locking read on a connection of the test's own and holds what it locked until
 * released (row-lock.ts's holdRow needs an `id` column, which a names row has not).
 */
async function hold(url: string, sql: string, values: unknown[]) {
  const side = new pg.Client({ connectionString: url });
  await side.connect();
  await side.query('BEGIN');
  await side.query(sql, values);
  let open = true;
  return async () => {
    if (!open) return;
    open = false;
    await side.query('COMMIT');
    await side.end();
  };
}

/**
 * users.resetPassword racing the member's removal from the company: the reset acts on a member,
 * never on someone the company has just let go (whose account is no longer its to lock).
 */
describe('users.resetPassword racing a removal', () => {
  let t: TestApp;
  let peer: MailPeer;
  let companyId: string;
  let owner: Member;
  let admin: Member;

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://portal.example.test' });
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    owner = await signedInMember(t, companyId, ['owner']);
    admin = await signedInMember(t, companyId, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = (url: string, payload: Record<string, unknown>, cookie: string) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('answers user_not_found, changing nothing, once the removal has committed', async (ctx) => {
    // Locks held on connections of the test's own: PostgreSQL only.
    const url = t.url;
    if (!url) return ctx.skip();
    // A member of another company too: the account outlives its removal from this one.
    const member = await signedInMember(t, (await createCompany(t)).id, []);
    await grantAccess(t, { companyId, user: member, roles: [] });
    await t.db.prisma.userPreference.create({ data: { userId: member.id, companyId } });
    // The removal stops on the member's names here, its last write, its access already gone
    // (uncommitted).
    const releaseNames = await hold(
      url,
      'SELECT 1 FROM user_preferences WHERE user_id = $1 AND company_id = $2 FOR UPDATE',
      [member.id, companyId],
    );
    let reset;
    try {
      const removal = post(
        '/v1/user/company/remove',
        { email: member.email },
        owner.session.cookie,
      );
      await expect.poll(() => locksWaiting(t)).toBe(1);
      // The reset comes while the removal is under way: it must wait for it, and then find
      // no member (not lock an account the company has just let go).
      reset = post('/v1/users/reset', { username: member.username }, admin.session.cookie);
      await expect.poll(() => locksWaiting(t)).toBe(2);
      await releaseNames();
      expect((await removal).json().Code).toBe('200');
    } finally {
      await releaseNames();
    }
    expect((await reset).json().Code).toBe('user_not_found');
    const account = await t.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(account.status).toBe('active');
    expect(await t.db.prisma.passwordResetToken.count({ where: { userId: member.id } })).toBe(0);
    expect(
      await t.db.prisma.auditEvent.count({
        where: { action: 'user.password.reset', target: member.id },
      }),
    ).toBe(0);
  });
});
