import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { locksWaiting } from '../../test/row-lock.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  b64,
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';

describe('companies.inviteOwner', () => {
  let t: TestApp;
  let peer: MailPeer;
  let admin: string;
  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const invite = (cookie: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/coms/invite',
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });
  const ownerAccess = (companyId: string, email: string) =>
    t.db.prisma.access.findUnique({
      where: { companyId_appId_email: { companyId, appId: 'global', email } },
      include: { roles: true },
    });
  const codeOf = (text: string) => {
    const link = /https?:\/\/\S+\/invite\?\S+/.exec(text)?.[0] ?? '';
    return new URL(link).searchParams;
  };

  it('creates a pending owner invitation, stores only the code hash and mails the link', async () => {
    const company = await createCompany(t, { name: 'Invited Co' });
    const email = `${unique('boss')}@example.test`;
    const res = await invite(admin, { com: company.id, email: b64(email.toUpperCase()) });
    expect(res.statusCode).toBe(200);

    const mail = await peer.nextMailTo(email);
    expect(mail.subject).toContain('Invited Co');
    const params = codeOf(mail.text);
    expect(params.get('email')).toBe(email);
    const code = params.get('code') ?? '';
    expect(code.length).toBeGreaterThan(20);

    const access = await ownerAccess(company.id, email);
    expect(access).toMatchObject({ status: 'pending', inviteCodeHash: sha256(code) });
    expect(access?.inviteExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(access?.inviteSentAt).not.toBeNull();
    expect(access?.roles.map((r) => r.roleId)).toEqual(['owner']);

    const list = await t.app.inject({ method: 'GET', url: '/v1/coms', headers: { cookie: admin } });
    expect(list.json().Msg.owners[company.id]).toMatchObject({ email, status: 'pending' });
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'company.owner_invite', target: `company:${company.id}` },
    });
    expect(JSON.stringify(audit.details)).not.toContain(code);
  });

  it('resends with a new code (the old one stops matching)', async () => {
    const company = await createCompany(t);
    const email = `${unique('boss')}@example.test`;
    await invite(admin, { com: company.id, email: b64(email) });
    const first = codeOf((await peer.nextMailTo(email)).text).get('code');
    await invite(admin, { com: company.id, email: b64(email) });
    const second = codeOf((await peer.nextMailTo(email)).text).get('code');
    expect(second).not.toBe(first);
    const access = await ownerAccess(company.id, email);
    expect(access?.inviteCodeHash).toBe(sha256(second ?? ''));
    expect(await t.db.prisma.access.count({ where: { companyId: company.id } })).toBe(1);
  });

  it('replaces a pending invitation of another e-mail (one owner invitation at a time)', async () => {
    const company = await createCompany(t);
    const first = `${unique('a')}@example.test`;
    const second = `${unique('b')}@example.test`;
    await invite(admin, { com: company.id, email: b64(first) });
    await peer.nextMailTo(first);
    await invite(admin, { com: company.id, email: b64(second) });
    await peer.nextMailTo(second);
    expect(await ownerAccess(company.id, first)).toBeNull();
    expect((await ownerAccess(company.id, second))?.status).toBe('pending');
  });

  it('answers verified for the verified owner and changes nothing', async () => {
    const company = await createCompany(t);
    const owner = await createUser(t);
    await grantAccess(t, { companyId: company.id, user: owner, roles: ['owner'] });
    const before = await ownerAccess(company.id, owner.email);
    const res = await invite(admin, { com: company.id, email: b64(owner.email) });
    expect(res.statusCode).toBe(409);
    expect(res.json().Code).toBe('verified');
    expect(await ownerAccess(company.id, owner.email)).toEqual(before);
  });

  it('makes a verified member without the role an owner at once, and tells them', async () => {
    const company = await createCompany(t, { name: 'Promo Co' });
    const member = await createUser(t);
    await grantAccess(t, { companyId: company.id, user: member, roles: ['admin'] });
    const res = await invite(admin, { com: company.id, email: b64(member.email) });
    expect(res.statusCode).toBe(200);
    const access = await ownerAccess(company.id, member.email);
    expect(access?.status).toBe('verified');
    expect(access?.roles.map((r) => r.roleId).sort()).toEqual(['admin', 'owner']);
    expect((await peer.nextMailTo(member.email)).subject).toContain('Promo Co');
  });

  it("keeps the owner a member is made when the company's administrator removes them at once", async () => {
    const company = await createCompany(t, { name: 'Race Co' });
    const oldOwner = await signedInMember(t, company.id, ['owner']);
    const companyAdmin = await signedInMember(t, company.id, ['admin']);
    const member = await signedInMember(t, company.id, []);
    const waiting = () => locksWaiting(t);
    // The promotion waits to demote the old owner (whose role row is held here) when the
    // administrator's removal of the member arrives.
    const oldRow = await ownerAccess(company.id, oldOwner.email);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM access_roles WHERE access_id = ${oldRow?.id} FOR UPDATE`;
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const promoted = invite(admin, { com: company.id, email: b64(member.email) });
    await expect.poll(waiting).toBe(1);
    const removed = t.app.inject({
      method: 'POST',
      url: '/v1/user/company/remove',
      headers: { cookie: companyAdmin.session.cookie },
      payload: { email: member.email },
    });
    await expect.poll(waiting).toBe(2);
    release();
    await holder;
    expect((await promoted).json().Code).toBe('200');
    // An administrator does not remove the owner.
    expect((await removed).json().Code).toBe('forbidden');
    const access = await ownerAccess(company.id, member.email);
    expect(access?.roles.map((r) => r.roleId)).toEqual(['owner']);
    expect((await peer.nextMailTo(member.email)).subject).toContain('Race Co');
  });

  it('rolls everything back with mail_failed when the mail server refuses', async () => {
    const company = await createCompany(t);
    const email = `${unique('boss')}@example.test`;
    peer.refuse(true);
    try {
      const res = await invite(admin, { com: company.id, email: b64(email) });
      expect(res.statusCode).toBe(502);
      expect(res.json().Code).toBe('mail_failed');
    } finally {
      peer.refuse(false);
    }
    expect(await ownerAccess(company.id, email)).toBeNull();
    expect(await t.db.prisma.auditEvent.count({ where: { target: `company:${company.id}` } })).toBe(
      0,
    );
  });

  it('answers not_found for an unknown company', async () => {
    const res = await invite(admin, { com: unique('none'), email: b64('x@example.test') });
    expect(res.statusCode).toBe(404);
    expect(res.json().Code).toBe('not_found');
  });

  it('refuses a tenant owner inviting an owner for their own company', async () => {
    const company = await createCompany(t);
    const tenant = await signedInMember(t, company.id, ['owner']);
    const email = `${unique('x')}@example.test`;
    const res = await invite(tenant.session.cookie, { com: company.id, email: b64(email) });
    expect(res.json().Code).toBe('forbidden');
    expect(await ownerAccess(company.id, email)).toBeNull();
  });

  it.each([
    ['a plain (not base64) e-mail', { com: 'abc', email: 'boss@example.test' }],
    ['base64 of a non-e-mail', { com: 'abc', email: b64('not an email') }],
    ['a missing company', { email: b64('boss@example.test') }],
    ['an over-long e-mail', { com: 'abc', email: b64(`${'a'.repeat(300)}@example.test`) }],
    ['a wrong type', { com: 'abc', email: 42 }],
    ['an extra field', { com: 'abc', email: b64('boss@example.test'), roles: ['owner'] }],
  ])('refuses %s with incomplete_param', async (_, payload) => {
    const res = await invite(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
  });
});
