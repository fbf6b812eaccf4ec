import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { createApp, createCompany, createUser, unique } from '../../test/factories.js';
import { newInviteCode } from './invite-code.js';

describe('invitation details and acceptance', () => {
  let t: TestApp;
  let companyId: string;
  let appId: string;
  beforeAll(async () => {
    t = await startTestApp();
    companyId = (await createCompany(t, { name: 'Acme Bank' })).id;
    appId = (await createApp(t, { name: 'Ledger', roles: ['viewer', 'editor'] })).id;
  });
  afterAll(() => t.close());

  /** A pending invitation as invites.send stores it: one hashed code per access row. */
  async function invite(
    fields: { email?: string; app?: string; roles?: string[]; expiresAt?: Date } = {},
  ) {
    const email = fields.email ?? `${unique('inv')}@example.test`;
    const made = newInviteCode();
    const access = await t.db.prisma.access.create({
      data: {
        companyId,
        appId: fields.app ?? appId,
        email,
        status: 'pending',
        inviteCodeHash: made.hash,
        inviteExpiresAt: fields.expiresAt ?? made.expiresAt,
        inviteSentAt: new Date(),
        roles: { create: (fields.roles ?? ['viewer']).map((roleId) => ({ roleId })) },
      },
    });
    return { code: made.code, email, access };
  }

  const details = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/v1/invite/details', query });
  const accept = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v1/invite/accept', payload });
  const accessRow = (id: string) => t.db.prisma.access.findUniqueOrThrow({ where: { id } });

  it('describes a pending invitation, by access or code', async () => {
    const { code, email } = await invite({ roles: ['viewer', 'editor'] });
    const answer = await details({ email: email.toUpperCase(), access: code });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      Code: '200',
      Msg: {
        com: { id: companyId, name: 'Acme Bank' },
        app: { id: appId, name: 'Ledger' },
        roles: [
          { id: 'editor', name: 'editor' },
          { id: 'viewer', name: 'viewer' },
        ],
        access: code,
        email,
        status: 'pending',
        registered: false,
        also: [],
      },
    });
    expect((await details({ email, code })).json()).toMatchObject({ Code: '200' });
  });

  it('names a company-wide invitation Company and knows a registered invitee', async () => {
    const user = await createUser(t);
    const { code } = await invite({ email: user.email, app: 'global', roles: ['admin'] });
    expect((await details({ email: user.email, code })).json()).toMatchObject({
      Msg: {
        app: { id: 'global', name: 'Company' },
        roles: [{ id: 'admin', name: 'Admin' }],
        registered: true,
      },
    });
  });

  it('answers not_found, invite_expired and invite_accepted', async () => {
    const { code, email } = await invite();
    const wrongEmail = await details({ email: 'someone@example.test', code });
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongEmail.json()).toMatchObject({ Code: 'not_found' });
    expect((await details({ email, code: `${code}x` })).json()).toMatchObject({
      Code: 'not_found',
    });

    const old = await invite({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await details({ email: old.email, code: old.code });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ Code: 'invite_expired' });
    expect((await accept({ access_code: old.code, email: old.email })).json()).toMatchObject({
      Code: 'invite_expired',
    });

    const user = await createUser(t);
    const used = await invite({ email: user.email });
    expect((await accept({ access_code: used.code, email: user.email })).json()).toMatchObject({
      Code: '200',
    });
    expect((await details({ email: user.email, code: used.code })).json()).toMatchObject({
      Code: 'invite_accepted',
    });
  });

  it('accepts for an existing account: verified, user attached, preference row, audit', async () => {
    const user = await createUser(t);
    const { code, access } = await invite({ email: user.email });
    const answer = await accept({ access_code: code, email: user.email.toUpperCase() });
    expect(answer.json()).toEqual({ Code: '200', Msg: { registered: true } });
    const row = await accessRow(access.id);
    expect(row).toMatchObject({ status: 'verified', userId: user.id });
    expect(row.acceptedAt).not.toBeNull();
    expect(
      await t.db.prisma.userPreference.findUnique({
        where: { userId_companyId: { userId: user.id, companyId } },
      }),
    ).toMatchObject({ fname: '', lname: '' });
    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'invite.accept', target: access.id },
    });
    expect(audit).toMatchObject({ actorId: user.id, companyId });
    expect(JSON.stringify(audit?.details)).not.toContain(code);

    const again = await accept({ access_code: code, email: user.email });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Code: 'invite_accepted' });
  });

  it('changes nothing for an invitee without an account (the portal registers first)', async () => {
    const { code, email, access } = await invite();
    expect((await accept({ access_code: code, email })).json()).toEqual({
      Code: '200',
      Msg: { registered: false },
    });
    const row = await accessRow(access.id);
    expect(row).toMatchObject({ status: 'pending', userId: null, acceptedAt: null });
    expect(row.updatedAt).toEqual(access.updatedAt);
  });

  it('accepts once when the same link is accepted twice at the same time', async () => {
    const user = await createUser(t);
    const { code, access } = await invite({ email: user.email });
    const answers = await Promise.all([
      accept({ access_code: code, email: user.email }),
      accept({ access_code: code, email: user.email }),
    ]);
    expect(answers.map((a) => a.json<{ Code: string }>().Code).sort()).toEqual([
      '200',
      'invite_accepted',
    ]);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'invite.accept', target: access.id } }),
    ).toBe(1);
    expect((await accessRow(access.id)).status).toBe('verified');
  });

  it('answers incomplete_param for bad input and changes nothing', async () => {
    const user = await createUser(t);
    const { code, access } = await invite({ email: user.email });
    const queries: Record<string, string>[] = [
      { email: user.email },
      { code },
      { email: 'not-an-email', code },
      { email: user.email, code, extra: 'x' },
    ];
    for (const query of queries) {
      const answer = await details(query);
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      expect(answer.json()).toMatchObject({ Code: 'incomplete_param' });
    }
    const bodies: Record<string, unknown>[] = [
      {},
      { access_code: code },
      { email: user.email },
      { access_code: '', email: user.email },
      { access_code: code, email: 'nope' },
      { access_code: 7, email: user.email },
      { access_code: code, email: user.email, extra: 1 },
    ];
    for (const payload of bodies) {
      const answer = await accept(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toMatchObject({ Code: 'incomplete_param' });
    }
    expect((await accessRow(access.id)).status).toBe('pending');
  });
});
