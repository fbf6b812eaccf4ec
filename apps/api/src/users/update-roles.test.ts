import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  grantAccess,
  signedInMember,
  unique,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * users.updateRoles with section 6 enforced on the server, new applications granted to members
 * and mailed to invitees (through a real SMTP peer), isolation, bad input and races.
 */
describe('users.updateRoles', () => {
  let t: TestApp;
  let peer: MailPeer;
  let companyId: string;
  let otherCompanyId: string;
  let appId: string;
  let secondAppId: string;
  let disabledAppId: string;
  let owner: Member;
  let admin: Member;

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://portal.example.test' });
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    otherCompanyId = (await createCompany(t)).id;
    appId = (await createApp(t)).id;
    secondAppId = (await createApp(t, { name: 'Deposits' })).id;
    disabledAppId = (await createApp(t, { status: 0 })).id;
    owner = await signedInMember(t, companyId, ['owner']);
    admin = await signedInMember(t, companyId, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const update = (payload: Record<string, unknown>, cookie = admin.session.cookie) =>
    t.app.inject({ method: 'POST', url: '/v1/users/role/update', headers: { cookie }, payload });
  const rowsOf = (email: string, company = companyId) =>
    t.db.prisma.access.findMany({
      where: { companyId: company, email },
      select: { appId: true, status: true, roles: { select: { roleId: true } } },
      orderBy: { appId: 'asc' },
    });
  const rolesOf = async (email: string, app: string) =>
    (await rowsOf(email))
      .find((row) => row.appId === app)
      ?.roles.map((role) => role.roleId)
      .sort();

  it('grants a new application to a member verified at once, answering the access list', async () => {
    const member = await signedInMember(t, companyId, []);
    const res = await update({ email: member.email, data: [{ app: appId, roles: ['viewer'] }] });
    expect(res.statusCode).toBe(200);
    const access = res.json().Msg.access;
    expect(access).toContainEqual({
      app: appId,
      code: '',
      email: member.email,
      status: 'verified',
      com: companyId,
      userid: member.id,
      username: member.username,
      roles: ['viewer'],
    });
    expect(res.json().Msg.invited).toEqual([]);
    expect(access.map((row: { app: string }) => row.app).sort()).toEqual(['global', appId].sort());
    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'user.roles.update', target: member.id },
    });
    expect(audit).toMatchObject({ actorId: admin.id, companyId });
  });

  it('replaces the roles of an application and removes it on an empty list', async () => {
    const member = await signedInMember(t, companyId, []);
    await grantAccess(t, { companyId, appId, user: member, roles: ['viewer'] });
    await update({ email: member.email, data: [{ app: appId, roles: ['editor', 'viewer'] }] });
    expect(await rolesOf(member.email, appId)).toEqual(['editor', 'viewer']);
    const removed = await update({ email: member.email, data: [{ app: appId, roles: [] }] });
    expect(removed.statusCode).toBe(200);
    expect((await rowsOf(member.email)).map((row) => row.appId)).toEqual(['global']);
  });

  it('changes an invitation in place: still pending, and its mailed link still accepts it', async () => {
    const email = `${unique('inv')}@example.test`;
    const row = await grantAccess(t, {
      companyId,
      appId,
      email,
      roles: ['viewer'],
      status: 'pending',
    });
    const hash = sha256(unique('code'));
    await t.db.prisma.access.update({ where: { id: row.id }, data: { inviteCodeHash: hash } });
    const changed = await update({ email, data: [{ app: appId, roles: ['editor'] }] });
    expect(changed.json().Msg).toMatchObject({
      access: [{ status: 'pending', roles: ['editor'] }],
      invited: [],
    });
    const after = await t.db.prisma.access.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.inviteCodeHash).toBe(hash);
    expect(peer.messages.filter((mail) => mail.to.includes(email))).toEqual([]);
  });

  it('invites someone who has not joined to a new application, mailing its accept link', async () => {
    // An account of another company, invited here by e-mail before it was linked.
    const invitee = await signedInMember(t, otherCompanyId, []);
    const email = invitee.email;
    const first = await grantAccess(t, {
      companyId,
      appId,
      email,
      roles: ['viewer'],
      status: 'pending',
    });
    const res = await update({ email, data: [{ app: secondAppId, roles: ['editor'] }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().Msg.invited).toEqual([secondAppId]);
    const access = res.json().Msg.access;
    expect(access).toHaveLength(2);
    expect(access).toContainEqual(
      expect.objectContaining({ app: appId, status: 'pending', roles: ['viewer'] }),
    );
    expect(access).toContainEqual(
      expect.objectContaining({
        app: secondAppId,
        status: 'pending',
        roles: ['editor'],
        userid: invitee.id,
      }),
    );

    const mail = await peer.nextMailTo(email);
    expect(mail.text).toContain('Deposits (editor)');
    const links = [...mail.text.matchAll(/https:\/\/\S+/g)].map((match) => new URL(match[0]));
    expect(links).toHaveLength(1);
    const code = links[0]?.searchParams.get('code') ?? '';
    const added = await t.db.prisma.access.findUniqueOrThrow({
      where: { companyId_appId_email: { companyId, appId: secondAppId, email } },
    });
    expect(added).toMatchObject({
      status: 'pending',
      userId: invitee.id,
      invitedById: admin.id,
      inviteCodeHash: sha256(code),
    });
    expect(added.inviteExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    // The first invitation keeps its own link.
    const kept = await t.db.prisma.access.findUniqueOrThrow({ where: { id: first.id } });
    expect(kept.inviteCodeHash).toBe(first.inviteCodeHash);

    const details = await t.app.inject({
      method: 'GET',
      url: `/v1/invite/details?email=${encodeURIComponent(email)}&code=${code}`,
    });
    expect(details.json().Msg).toMatchObject({ app: { id: secondAppId }, status: 'pending' });
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'user.roles.update', target: email },
    });
    expect(audit.details).toMatchObject({ invited: [secondAppId] });
    expect(JSON.stringify(audit.details)).not.toContain(code);
  });

  it('changes nothing when the invitation mail is refused (mail_failed)', async () => {
    const email = `${unique('inv')}@example.test`;
    await grantAccess(t, { companyId, appId, email, roles: ['viewer'], status: 'pending' });
    const before = await rowsOf(email);
    peer.refuse(true);
    try {
      const res = await update({
        email,
        data: [
          { app: appId, roles: ['editor'] },
          { app: secondAppId, roles: ['viewer'] },
        ],
      });
      expect(res.json().Code).toBe('mail_failed');
    } finally {
      peer.refuse(false);
    }
    expect(await rowsOf(email)).toEqual(before);
  });

  it('answers user_not_found for an e-mail without access here, and changes nothing', async () => {
    const res = await update({
      email: 'nobody@example.test',
      data: [{ app: appId, roles: ['viewer'] }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().Code).toBe('user_not_found');
    expect(await rowsOf('nobody@example.test')).toEqual([]);
  });

  it.each([
    ['an unknown role', () => ({ app: appId, roles: ['viewer', 'pilot'] })],
    ['a disabled application', () => ({ app: disabledAppId, roles: ['viewer'] })],
    ['an unknown application', () => ({ app: 'no-such-app', roles: ['viewer'] })],
    ['the portal application', () => ({ app: 'portal', roles: ['admin'] })],
  ])('answers not_found for %s and changes nothing', async (_, grant) => {
    const member = await signedInMember(t, companyId, []);
    await grantAccess(t, { companyId, appId, user: member, roles: ['editor'] });
    const before = await rowsOf(member.email);
    const res = await update({
      email: member.email,
      data: [{ app: appId, roles: [] }, grant()],
    });
    expect(res.json().Code).toBe('not_found');
    expect(await rowsOf(member.email)).toEqual(before);
  });

  describe('section 6', () => {
    it("refuses changing one's own roles, even for an owner", async () => {
      const res = await update(
        { email: owner.email, data: [{ app: appId, roles: ['viewer'] }] },
        owner.session.cookie,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().Code).toBe('forbidden');
      expect(await rolesOf(owner.email, appId)).toBeUndefined();
    });

    it('lets only an owner change an admin', async () => {
      const other = await signedInMember(t, companyId, ['admin']);
      const data = [{ app: appId, roles: ['viewer'] }];
      expect((await update({ email: other.email, data })).json().Code).toBe('forbidden');
      expect(await rolesOf(other.email, appId)).toBeUndefined();
      expect((await update({ email: other.email, data }, owner.session.cookie)).statusCode).toBe(
        200,
      );
      expect(await rolesOf(other.email, appId)).toEqual(['viewer']);
    });

    it.each([['owner'], ['admin']])('lets only an owner grant global.%s', async (role) => {
      const member = await signedInMember(t, companyId, []);
      const data = [{ app: 'global', roles: [role] }];
      expect((await update({ email: member.email, data })).json().Code).toBe('forbidden');
      expect(await rolesOf(member.email, 'global')).toEqual([]);
      expect((await update({ email: member.email, data }, owner.session.cookie)).statusCode).toBe(
        200,
      );
      expect(await rolesOf(member.email, 'global')).toEqual([role]);
    });

    it('refuses a plain member of the company', async () => {
      const member = await signedInMember(t, companyId, []);
      const target = await signedInMember(t, companyId, []);
      const res = await update(
        { email: target.email, data: [{ app: appId, roles: ['viewer'] }] },
        member.session.cookie,
      );
      expect(res.json().Code).toBe('forbidden');
      expect(await rolesOf(target.email, appId)).toBeUndefined();
    });
  });

  it("treats another company's users as unknown and changes nothing there", async () => {
    const outsider = await signedInMember(t, otherCompanyId, ['owner']);
    const target = await signedInMember(t, companyId, []);
    const res = await update(
      { email: target.email, data: [{ app: 'global', roles: [] }] },
      outsider.session.cookie,
    );
    expect(res.json().Code).toBe('user_not_found');
    expect(await rowsOf(target.email)).toHaveLength(1);
    expect(await rowsOf(target.email, otherCompanyId)).toEqual([]);
  });

  it('ends the sessions in this company when the last access goes', async () => {
    const member = await signedInMember(t, companyId, []);
    const before = await t.app.inject({
      method: 'GET',
      url: `/v1/branches?com=${companyId}`,
      headers: { cookie: member.session.cookie },
    });
    expect(before.statusCode).toBe(200);
    await update({ email: member.email, data: [{ app: 'global', roles: [] }] });
    const after = await t.app.inject({
      method: 'GET',
      url: `/v1/branches?com=${companyId}`,
      headers: { cookie: member.session.cookie },
    });
    expect(after.json().Code).toBe('session_invalid');
  });

  it('makes one row when two updates add the same application at once', async () => {
    const member = await signedInMember(t, companyId, []);
    const results = await Promise.all([
      update({ email: member.email, data: [{ app: appId, roles: ['viewer'] }] }),
      update({ email: member.email, data: [{ app: appId, roles: ['editor'] }] }),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
    const rows = (await rowsOf(member.email)).filter((row) => row.appId === appId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.roles).toHaveLength(1);
  });

  it.each([
    ['a missing e-mail', { data: [{ app: 'global', roles: [] }] }],
    ['a bad e-mail', { email: 'not-an-email', data: [{ app: 'global', roles: [] }] }],
    ['an over-long e-mail', { email: `${'a'.repeat(300)}@example.test`, data: [] }],
    ['no grants', { email: 'a@example.test', data: [] }],
    [
      'roles of the wrong type',
      { email: 'a@example.test', data: [{ app: 'global', roles: 'admin' }] },
    ],
    ['an extra field', { email: 'a@example.test', data: [{ app: 'global', roles: [] }], com: 'x' }],
  ])('answers incomplete_param for %s', async (_, payload) => {
    const res = await update(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
  });
});
