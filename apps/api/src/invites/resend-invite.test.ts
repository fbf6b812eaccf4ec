import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow } from '../../test/row-lock.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  signedInMember,
  unique,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';
import { newInviteCode } from './invite-code.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;
const PUBLIC_URL = 'https://portal.example.test';

/** invites.resend: a new code and mail, the 30-second cool-down, verified, isolation. */
describe('invites.resend', () => {
  let t: TestApp;
  let peer: MailPeer;
  let companyId: string;
  let appId: string;
  let owner: Member;
  let admin: Member;
  let outsider: Member;

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url, PUBLIC_URL });
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    appId = (await createApp(t, { name: 'Loans' })).id;
    owner = await signedInMember(t, companyId, ['owner']);
    admin = await signedInMember(t, companyId, ['admin']);
    outsider = await signedInMember(t, (await createCompany(t)).id, ['owner']);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const resend = (payload: Record<string, unknown>, cookie = admin.session.cookie) =>
    t.app.inject({ method: 'POST', url: '/v1/invite/resend', headers: { cookie }, payload });

  /** A pending invitation (by default to the app's viewer role) last sent `sentSecondsAgo` ago. */
  async function invitation(
    sentSecondsAgo: number,
    to: { app?: string; roles?: string[]; email?: string } = {},
  ) {
    const email = to.email ?? `${unique('inv')}@example.test`;
    const row = await grantAccess(t, {
      companyId,
      appId: to.app ?? appId,
      email,
      roles: to.roles ?? ['viewer'],
      status: 'pending',
    });
    return t.db.prisma.access.update({
      where: { id: row.id },
      data: {
        inviteCodeHash: sha256(unique('old')),
        inviteSentAt: new Date(Date.now() - sentSecondsAgo * 1000),
        inviteExpiresAt: new Date(Date.now() + 1000),
      },
    });
  }

  it('replaces the code and mails the new link', async () => {
    const row = await invitation(60);
    const res = await resend({ email: row.email, app: appId });
    expect(res.json()).toEqual({ Code: '200', Msg: 'Invite resent!' });
    const mail = await peer.nextMailTo(row.email);
    expect(mail.text).toContain('Loans (viewer)');
    const link = new URL(/https:\/\/\S+/.exec(mail.text)?.[0] ?? '');
    const after = await t.db.prisma.access.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.inviteCodeHash).toBe(sha256(link.searchParams.get('code') ?? ''));
    expect(after.inviteCodeHash).not.toBe(row.inviteCodeHash);
    expect(after.inviteSentAt!.getTime()).toBeGreaterThan(row.inviteSentAt!.getTime());
    expect(after.inviteExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 24 * 3600 * 1000);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'invite.resend', target: row.id } }),
    ).toBe(1);
  });

  it('refuses within 30 seconds of the last mail, and two resends at once send one mail', async () => {
    const recent = await invitation(10);
    const res = await resend({ email: recent.email, app: appId });
    expect(res.statusCode).toBe(429);
    expect(res.json().Code).toBe('rate_limit_exceeded');
    expect(res.json().Msg.retry_after_ms).toBeGreaterThan(15_000);
    const unchanged = await t.db.prisma.access.findUniqueOrThrow({ where: { id: recent.id } });
    expect(unchanged.inviteCodeHash).toBe(recent.inviteCodeHash);

    const row = await invitation(60);
    const codes = (
      await Promise.all([
        resend({ email: row.email, app: appId }),
        resend({ email: row.email, app: appId }),
      ])
    ).map((r) => r.json().Code);
    expect(codes.sort()).toEqual(['200', 'rate_limit_exceeded']);
    await peer.nextMailTo(row.email);
    expect(peer.messages.filter((mail) => mail.to.includes(row.email))).toHaveLength(1);
  });

  it('answers verified, and mails nothing, when the invitation is accepted while it is resent', async () => {
    const user = await createUser(t);
    const row = await invitation(60, { email: user.email });
    const code = newInviteCode();
    await t.db.prisma.access.update({
      where: { id: row.id },
      data: { inviteCodeHash: code.hash, inviteExpiresAt: code.expiresAt },
    });
    // The test holds the row: the acceptance queues on it first, then the resend, which read
    // it pending.
    const held = await holdRow(t, 'access', row.id);
    const before = peer.messages.length;
    const accepted = t.app.inject({
      method: 'POST',
      url: '/v1/invite/accept',
      payload: { access_code: code.code, email: user.email },
    });
    await held.waitingOnLocks(1);
    const resent = resend({ email: user.email, app: appId });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await accepted).json()).toMatchObject({ Code: '200', Msg: { registered: true } });
    expect((await resent).json()).toMatchObject({ Code: 'verified' });
    expect(await t.db.prisma.access.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: 'verified',
      inviteCodeHash: code.hash,
    });
    expect(peer.messages.length).toBe(before);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'invite.resend', target: row.id } }),
    ).toBe(0);
  });

  it('answers verified for an accepted invitation and not_found for none', async () => {
    const member = await signedInMember(t, companyId, []);
    expect((await resend({ email: member.email, app: 'global' })).json().Code).toBe('verified');
    expect((await resend({ email: member.email, app: appId })).json().Code).toBe('not_found');
  });

  it("treats another company's invitations as unknown and changes nothing", async () => {
    const row = await invitation(60);
    const res = await resend({ email: row.email, app: appId }, outsider.session.cookie);
    expect(res.json().Code).toBe('not_found');
    const after = await t.db.prisma.access.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.inviteCodeHash).toBe(row.inviteCodeHash);
  });

  describe('section 6, as invites.remove', () => {
    /** Refused for the admin (403 forbidden, nothing sent or changed), then done by the owner. */
    async function refusedThenOwner(row: Awaited<ReturnType<typeof invitation>>) {
      const res = await resend({ email: row.email, app: row.appId });
      expect(res.statusCode).toBe(403);
      expect(res.json().Code).toBe('forbidden');
      const unchanged = await t.db.prisma.access.findUniqueOrThrow({ where: { id: row.id } });
      expect(unchanged.inviteCodeHash).toBe(row.inviteCodeHash);
      expect(peer.messages.filter((mail) => mail.to.includes(row.email))).toEqual([]);
      const byOwner = await resend({ email: row.email, app: row.appId }, owner.session.cookie);
      expect(byOwner.json().Code).toBe('200');
      await peer.nextMailTo(row.email);
    }

    it.each([['owner'], ['admin']])(
      'lets only an owner resend an invitation to global.%s',
      async (role) => {
        await refusedThenOwner(await invitation(60, { app: 'global', roles: [role] }));
      },
    );

    it("lets only an owner resend an application invitation of the company's admin", async () => {
      const other = await signedInMember(t, companyId, ['admin']);
      await refusedThenOwner(await invitation(60, { email: other.email }));
    });

    it("refuses resending one's own invitation", async () => {
      const row = await invitation(60, { email: admin.email });
      const res = await resend({ email: admin.email, app: appId }, admin.session.cookie);
      expect(res.json().Code).toBe('forbidden');
      const unchanged = await t.db.prisma.access.findUniqueOrThrow({ where: { id: row.id } });
      expect(unchanged.inviteCodeHash).toBe(row.inviteCodeHash);
    });
  });

  it('refuses a plain member', async () => {
    const member = await signedInMember(t, companyId, []);
    const row = await invitation(60);
    const res = await resend({ email: row.email, app: appId }, member.session.cookie);
    expect(res.json().Code).toBe('forbidden');
  });

  it.each([
    ['a missing app', { email: 'a@example.test' }],
    ['a bad app id', { email: 'a@example.test', app: 'a b' }],
    ['an extra field', { email: 'a@example.test', app: 'x', com: 'y' }],
  ])('answers incomplete_param for %s', async (_, payload) => {
    expect((await resend(payload)).json().Code).toBe('incomplete_param');
  });
});
