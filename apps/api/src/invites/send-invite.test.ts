import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer, ReceivedMail } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createCompany,
  grantAccess,
  signedInMember,
  unique,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;
const PUBLIC_URL = 'https://portal.example.test';

/** The accept links of an invitation mail, by their code. */
function linksOf(mail: ReceivedMail): URL[] {
  return [...mail.text.matchAll(/https:\/\/\S+/g)].map((match) => new URL(match[0]));
}

/** invites.send through a real SMTP peer: rows, codes, the mail, section 6, races, bad input. */
describe('invites.send', () => {
  let t: TestApp;
  let peer: MailPeer;
  let companyId: string;
  let loans: { id: string; name: string };
  let teller: { id: string; name: string };
  let owner: Member;
  let admin: Member;

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url, PUBLIC_URL });
    await bootstrapPlatform(t);
    companyId = (await createCompany(t, { name: 'Acme Savings' })).id;
    loans = await createApp(t, { name: 'Loans' });
    teller = await createApp(t, { name: 'Teller' });
    owner = await signedInMember(t, companyId, ['owner']);
    admin = await signedInMember(t, companyId, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const send = (payload: Record<string, unknown>, cookie = admin.session.cookie) =>
    t.app.inject({ method: 'POST', url: '/v1/invite', headers: { cookie }, payload });
  const rowsOf = (email: string) =>
    t.db.prisma.access.findMany({
      where: { companyId, email },
      include: { roles: { select: { roleId: true }, orderBy: { roleId: 'asc' } } },
      orderBy: { appId: 'asc' },
    });
  const newEmail = () => `${unique('invitee')}@example.test`;

  it('creates a pending row per application and mails one invitation with one link', async () => {
    const email = newEmail();
    const res = await send({
      email: b64(email.toUpperCase()),
      roles: [
        { app: loans.id, roles: ['viewer', 'editor'] },
        { app: teller.id, roles: ['viewer'] },
        { app: 'global', roles: [] },
      ],
    });
    expect(res.json()).toEqual({ Code: '200', Msg: `Invite sent to ${email.toUpperCase()}` });
    const rows = await rowsOf(email);
    expect(rows.map((row) => row.appId).sort()).toEqual([loans.id, teller.id].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', userId: null, invitedById: admin.id });
      expect(row.inviteSentAt).not.toBeNull();
      expect(row.inviteExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    }
    expect(rows.find((row) => row.appId === loans.id)?.roles.map((r) => r.roleId)).toEqual([
      'editor',
      'viewer',
    ]);

    // One company, one message, one link (issue 17): both applications listed above it.
    const mail = await peer.nextMailTo(email);
    expect(mail.subject).toContain('Acme Savings');
    expect(mail.text).toContain('Loans (viewer, editor)');
    expect(mail.text).toContain('Teller (viewer)');
    const links = linksOf(mail);
    expect(links).toHaveLength(1);
    const [link] = links as [URL];
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/invite');
    expect(link.searchParams.get('email')).toBe(email);
    const hash = sha256(link.searchParams.get('code') ?? '');
    expect(rows.map((row) => row.inviteCodeHash)).toContain(hash);
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'invite.send', target: email },
    });
    expect(audit).toMatchObject({ actorId: admin.id, companyId });
    expect(JSON.stringify(audit.details)).not.toContain(link.searchParams.get('code'));
  });

  it("one link accepts every application of the company's invitation, by acceptance or registration", async () => {
    const accepted = async (email: string) =>
      (await rowsOf(email)).map((row) => [row.appId, row.status]).sort();
    const grants = [
      { app: loans.id, roles: ['viewer'] },
      { app: teller.id, roles: ['editor'] },
    ];
    // An existing account accepts: both applications at once.
    const outsider = await signedInMember(t, (await createCompany(t)).id, []);
    await send({ email: b64(outsider.email), roles: grants });
    const [link] = linksOf(await peer.nextMailTo(outsider.email)) as [URL];
    // The invitation page names both applications.
    const shown = await t.app.inject({
      method: 'GET',
      url: '/v1/invite/details',
      query: { email: outsider.email, code: link.searchParams.get('code') ?? '' },
    });
    const msg = shown.json().Msg as { app: { id: string }; also: { app: { id: string } }[] };
    expect([msg.app.id, ...msg.also.map((other) => other.app.id)].sort()).toEqual(
      [loans.id, teller.id].sort(),
    );
    const accept = await t.app.inject({
      method: 'POST',
      url: '/v1/invite/accept',
      payload: { access_code: link.searchParams.get('code'), email: outsider.email },
    });
    expect(accept.json()).toEqual({ Code: '200', Msg: { registered: true } });
    expect(await accepted(outsider.email)).toEqual(
      [
        [loans.id, 'verified'],
        [teller.id, 'verified'],
      ].sort(),
    );
    const event = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'invite.accept', actorId: outsider.id },
    });
    expect(event.details).toMatchObject({ apps: [loans.id, teller.id].sort() });

    // A newcomer registers with the link: the account holds both, with their own roles.
    const email = newEmail();
    await send({ email: b64(email), roles: grants });
    const [newcomerLink] = linksOf(await peer.nextMailTo(email)) as [URL];
    const registered = await t.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: {
        uname: b64(unique('New_')),
        pass: b64('Register1'),
        mobile: b64('+1 (555) 010-2030'),
        email: b64(email),
        displayName: 'New Comer',
        access: newcomerLink.searchParams.get('code'),
      },
    });
    expect(registered.json()).toMatchObject({ Code: '200' });
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { email } });
    const rows = await rowsOf(email);
    expect(rows.map((row) => [row.appId, row.status, row.userId]).sort()).toEqual(
      [
        [loans.id, 'verified', user.id],
        [teller.id, 'verified', user.id],
      ].sort(),
    );
    expect(rows.find((row) => row.appId === teller.id)?.roles.map((r) => r.roleId)).toEqual([
      'editor',
    ]);
  });

  it('links an existing account and re-invites a pending e-mail with new roles and code', async () => {
    const outsider = await signedInMember(t, (await createCompany(t)).id, []);
    await send({ email: b64(outsider.email), roles: [{ app: loans.id, roles: ['viewer'] }] });
    const [first] = await rowsOf(outsider.email);
    expect(first?.userId).toBe(outsider.id);
    const oldLink = linksOf(await peer.nextMailTo(outsider.email))[0];

    await send({ email: b64(outsider.email), roles: [{ app: loans.id, roles: ['editor'] }] });
    const rows = await rowsOf(outsider.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.roles.map((r) => r.roleId)).toEqual(['editor']);
    expect(rows[0]?.inviteCodeHash).not.toBe(sha256(oldLink?.searchParams.get('code') ?? ''));
    const newLink = linksOf(await peer.nextMailTo(outsider.email))[0];
    expect(rows[0]?.inviteCodeHash).toBe(sha256(newLink?.searchParams.get('code') ?? ''));
  });

  it('answers user_already_enrolled for verified access and changes nothing', async () => {
    const member = await signedInMember(t, companyId, []);
    await grantAccess(t, { companyId, appId: loans.id, user: member, roles: ['viewer'] });
    const res = await send({
      email: b64(member.email),
      roles: [
        { app: teller.id, roles: ['viewer'] },
        { app: loans.id, roles: ['editor'] },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().Code).toBe('user_already_enrolled');
    const rows = await rowsOf(member.email);
    expect(rows.map((row) => row.appId).sort()).toEqual(['global', loans.id].sort());
    expect(rows.find((row) => row.appId === loans.id)?.roles.map((r) => r.roleId)).toEqual([
      'viewer',
    ]);
  });

  it.each([
    ['an unknown role', () => [{ app: loans.id, roles: ['pilot'] }]],
    ['an unknown application', () => [{ app: 'nowhere', roles: ['viewer'] }]],
  ])('answers not_found for %s, creating nothing and sending nothing', async (_, roles) => {
    const email = newEmail();
    const res = await send({
      email: b64(email),
      roles: [{ app: teller.id, roles: ['viewer'] }, ...roles()],
    });
    expect(res.json().Code).toBe('not_found');
    expect(await rowsOf(email)).toEqual([]);
    expect(peer.messages.some((mail) => mail.to.includes(email))).toBe(false);
  });

  it('rolls back when the mail is refused (mail_failed)', async () => {
    const email = newEmail();
    peer.refuse(true);
    try {
      const res = await send({ email: b64(email), roles: [{ app: loans.id, roles: ['viewer'] }] });
      expect(res.json().Code).toBe('mail_failed');
    } finally {
      peer.refuse(false);
    }
    expect(await rowsOf(email)).toEqual([]);
    expect(await t.db.prisma.auditEvent.count({ where: { target: email } })).toBe(0);
  });

  describe('section 6', () => {
    it.each([['owner'], ['admin']])('lets only an owner invite to global.%s', async (role) => {
      const email = newEmail();
      const payload = { email: b64(email), roles: [{ app: 'global', roles: [role] }] };
      expect((await send(payload)).json().Code).toBe('forbidden');
      expect(await rowsOf(email)).toEqual([]);
      expect((await send(payload, owner.session.cookie)).json().Code).toBe('200');
      expect((await rowsOf(email))[0]?.roles.map((r) => r.roleId)).toEqual([role]);
      await peer.nextMailTo(email);
    });

    it('refuses inviting oneself, and an admin unless by an owner', async () => {
      const self = await send({
        email: b64(admin.email),
        roles: [{ app: loans.id, roles: ['viewer'] }],
      });
      expect(self.json().Code).toBe('forbidden');
      const other = await signedInMember(t, companyId, ['admin']);
      const payload = { email: b64(other.email), roles: [{ app: loans.id, roles: ['viewer'] }] };
      expect((await send(payload)).json().Code).toBe('forbidden');
      expect(await rowsOf(other.email)).toHaveLength(1);
      expect((await send(payload, owner.session.cookie)).json().Code).toBe('200');
      await peer.nextMailTo(other.email);
    });

    it('refuses a plain member', async () => {
      const member = await signedInMember(t, companyId, []);
      const email = newEmail();
      const res = await send(
        { email: b64(email), roles: [{ app: loans.id, roles: ['viewer'] }] },
        member.session.cookie,
      );
      expect(res.json().Code).toBe('forbidden');
      expect(await rowsOf(email)).toEqual([]);
    });
  });

  it('makes one row per application when two invitations of one e-mail race', async () => {
    const email = newEmail();
    const payload = { email: b64(email), roles: [{ app: loans.id, roles: ['viewer'] }] };
    const results = await Promise.all([send(payload), send(payload)]);
    expect(results.map((res) => res.json().Code)).toEqual(['200', '200']);
    const rows = await rowsOf(email);
    expect(rows).toHaveLength(1);
    await peer.nextMailTo(email);
    await peer.nextMailTo(email);
  });

  it.each([
    [
      'a plain (not base64) e-mail',
      { email: 'someone@example.test', roles: [{ app: 'x', roles: ['y'] }] },
    ],
    ['bad base64', { email: 'bm90!!', roles: [{ app: 'x', roles: ['y'] }] }],
    ['base64 of a bad e-mail', { email: b64('not-an-email'), roles: [{ app: 'x', roles: ['y'] }] }],
    ['a missing roles list', { email: b64('a@example.test') }],
    ['no role at all', { email: b64('a@example.test'), roles: [{ app: 'global', roles: [] }] }],
    ['a wrong type', { email: b64('a@example.test'), roles: 'admin' }],
    [
      'an extra field',
      { email: b64('a@example.test'), roles: [{ app: 'x', roles: ['y'] }], com: 'x' },
    ],
  ])('answers incomplete_param for %s and sends nothing', async (_, payload) => {
    const before = peer.messages.length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
    expect(peer.messages.length).toBe(before);
  });
});
