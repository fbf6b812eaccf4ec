import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import { sha256 } from '../credentials/tokens.js';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  bootstrapPlatform,
  createCompany,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;
const PUBLIC_URL = 'https://portal.example.test';

/** users.resetPassword through a real SMTP peer: the link, the status, rollback, section 6. */
describe('users.resetPassword', () => {
  let t: TestApp;
  let peer: MailPeer;
  let companyId: string;
  let otherCompanyId: string;
  let owner: Member;
  let admin: Member;
  let outsider: Member;

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url, PUBLIC_URL });
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    otherCompanyId = (await createCompany(t)).id;
    owner = await signedInMember(t, companyId, ['owner']);
    admin = await signedInMember(t, companyId, ['admin']);
    outsider = await signedInMember(t, otherCompanyId, ['owner']);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = (url: string, payload: Record<string, unknown>, cookie = admin.session.cookie) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('marks the account awaiting_reset and mails a single-use link', async () => {
    const member = await signedInMember(t, companyId, []);
    await t.db.prisma.user.update({ where: { id: member.id }, data: { status: 'blocked' } });
    const res = await post('/v1/users/reset', { username: member.username });
    expect(res.json()).toMatchObject({ Code: '200' });
    const mail = await peer.nextMailTo(member.email);
    const link = new URL(/https:\/\/\S+/.exec(mail.text)?.[0] ?? '');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/reset');
    const code = link.searchParams.get('code') ?? '';
    const token = await t.db.prisma.passwordResetToken.findFirstOrThrow({
      where: { userId: member.id },
    });
    expect(token).toMatchObject({
      tokenHash: sha256(code),
      reason: 'admin',
      requestedById: admin.id,
    });
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(user.status).toBe('awaiting_reset');
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'user.password.reset', target: member.id },
    });
    expect(JSON.stringify(audit.details)).not.toContain(code);
  });

  it('ends every session of the account at once, in every company and client', async () => {
    const member = await signedInMember(t, companyId, []);
    const second = await openTestSession(t, member);
    const bystander = await signedInMember(t, companyId, []);
    const res = await post('/v1/users/reset', { username: member.username });
    expect(res.json()).toMatchObject({ Code: '200' });
    await peer.nextMailTo(member.email);
    const live = await t.db.prisma.session.findMany({
      where: { userId: member.id },
      select: { endedAt: true, endReason: true },
    });
    expect(live).toHaveLength(2);
    expect(live.every((s) => s.endedAt !== null && s.endReason === 'password_reset')).toBe(true);
    const old = await t.app.inject({
      method: 'GET',
      url: '/v1/devices',
      headers: { cookie: second.cookie },
    });
    expect(old.json()).toMatchObject({ Code: 'session_invalid' });
    const kept = await t.db.prisma.session.findUniqueOrThrow({
      where: { id: bystander.session.id },
    });
    expect(kept.endedAt).toBeNull();
  });

  it('changes nothing when the mail is refused (mail_failed)', async () => {
    const member = await signedInMember(t, companyId, []);
    const live = await openTestSession(t, member);
    peer.refuse(true);
    try {
      const res = await post('/v1/users/reset', { username: member.username });
      expect(res.json().Code).toBe('mail_failed');
    } finally {
      peer.refuse(false);
    }
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(user.status).toBe('active');
    expect(await t.db.prisma.passwordResetToken.count({ where: { userId: member.id } })).toBe(0);
    const session = await t.db.prisma.session.findUniqueOrThrow({ where: { id: live.id } });
    expect(session.endedAt).toBeNull();
  });

  it('refuses oneself and, unless an owner, an admin', async () => {
    expect((await post('/v1/users/reset', { username: admin.username })).json().Code).toBe(
      'forbidden',
    );
    const other = await signedInMember(t, companyId, ['admin']);
    expect((await post('/v1/users/reset', { username: other.username })).json().Code).toBe(
      'forbidden',
    );
    const byOwner = await post(
      '/v1/users/reset',
      { username: other.username },
      owner.session.cookie,
    );
    expect(byOwner.json().Code).toBe('200');
    await peer.nextMailTo(other.email);
  });

  it('refuses, even to the owner, a member who administers another company', async () => {
    // The other company's owner is also a plain member here: a reset is the whole account's, so
    // it would lock them out of the company they own (and end their sessions there).
    await grantAccess(t, { companyId, user: outsider, roles: [] });
    const tokensBefore = await t.db.prisma.passwordResetToken.count({
      where: { userId: outsider.id },
    });
    for (const cookie of [admin.session.cookie, owner.session.cookie]) {
      const res = await post('/v1/users/reset', { username: outsider.username }, cookie);
      expect(res.json().Code).toBe('forbidden');
    }
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: outsider.id } });
    expect(user.status).toBe('active');
    const session = await t.db.prisma.session.findUniqueOrThrow({
      where: { id: outsider.session.id },
    });
    expect(session.endedAt).toBeNull();
    expect(await t.db.prisma.passwordResetToken.count({ where: { userId: outsider.id } })).toBe(
      tokensBefore,
    );
  });

  it('lets a platform administrator reset a member of the platform who administers elsewhere', async () => {
    const platformAdmin = await signedInMember(t, PLATFORM_COMPANY_ID, ['admin']);
    const elsewhere = await signedInMember(t, (await createCompany(t)).id, ['owner']);
    await grantAccess(t, { companyId: PLATFORM_COMPANY_ID, user: elsewhere, roles: [] });
    const res = await post(
      '/v1/users/reset',
      { username: elsewhere.username },
      platformAdmin.session.cookie,
    );
    expect(res.json().Code).toBe('200');
    await peer.nextMailTo(elsewhere.email);
  });

  it('treats invitees and users of other companies as unknown, changing nothing', async () => {
    // A member of the other company, only invited here.
    const invitee = await signedInMember(t, otherCompanyId, []);
    await grantAccess(t, { companyId, user: invitee, roles: [], status: 'pending' });
    const statusOf = async (id: string) =>
      (await t.db.prisma.user.findUniqueOrThrow({ where: { id } })).status;

    const pendingOnly = await post('/v1/users/reset', { username: invitee.username });
    expect(pendingOnly.json().Code).toBe('user_not_found');
    expect(await statusOf(invitee.id)).toBe('active');
    const foreign = await post(
      '/v1/users/reset',
      { username: admin.username },
      outsider.session.cookie,
    );
    expect(foreign.json().Code).toBe('user_not_found');
    expect(await statusOf(admin.id)).toBe('active');
    expect((await post('/v1/users/reset', { username: 'no_such_user' })).json().Code).toBe(
      'user_not_found',
    );
    expect(
      await t.db.prisma.passwordResetToken.count({
        where: { userId: { in: [invitee.id, admin.id] } },
      }),
    ).toBe(0);
  });

  it.each([
    ['a missing username', {}],
    ['a username with spaces', { username: 'a b c d e' }],
    ['an over-long username', { username: 'a'.repeat(21) }],
  ])('answers incomplete_param for %s', async (_, payload) => {
    expect((await post('/v1/users/reset', payload)).json().Code).toBe('incomplete_param');
  });
});
