import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  signedInMember,
  b64,
  unique,
} from '../../test/factories.js';
import { newInviteCode } from './invite-code.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** invites.remove: only pending rows, section 6 for company roles, isolation, bad input. */
describe('invites.remove', () => {
  let t: TestApp;
  let companyId: string;
  let appId: string;
  let owner: Member;
  let admin: Member;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    appId = (await createApp(t)).id;
    owner = await signedInMember(t, companyId, ['owner']);
    admin = await signedInMember(t, companyId, ['admin']);
  });
  afterAll(() => t.close());

  const remove = (payload: Record<string, unknown>, cookie = admin.session.cookie) =>
    t.app.inject({ method: 'POST', url: '/v1/invite/remove', headers: { cookie }, payload });
  const pending = (app: string, roles: string[]) =>
    grantAccess(t, {
      companyId,
      appId: app,
      email: `${unique('inv')}@example.test`,
      roles,
      status: 'pending',
    });
  const exists = async (id: string) =>
    (await t.db.prisma.access.findUnique({ where: { id } })) !== null;

  it('deletes a pending invitation with an audit event', async () => {
    const row = await pending(appId, ['viewer']);
    const res = await remove({ email: row.email, app: appId });
    expect(res.json()).toEqual({ Code: '200', Msg: `${appId} invite deleted successfully.` });
    expect(await exists(row.id)).toBe(false);
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'invite.remove', target: row.id } }),
    ).toBe(1);
  });

  it('answers verified for an accepted access and not_found for none', async () => {
    const member = await signedInMember(t, companyId, []);
    expect((await remove({ email: member.email, app: 'global' })).json().Code).toBe('verified');
    expect(await t.db.prisma.access.count({ where: { email: member.email } })).toBe(1);
    expect((await remove({ email: member.email, app: appId })).json().Code).toBe('not_found');
  });

  it('answers verified, and removes nothing, when the invitation is accepted while it is removed', async () => {
    const user = await createUser(t);
    const row = await grantAccess(t, {
      companyId,
      appId,
      email: user.email,
      roles: ['viewer'],
      status: 'pending',
    });
    const code = newInviteCode();
    await t.db.prisma.access.update({
      where: { id: row.id },
      data: { inviteCodeHash: code.hash, inviteExpiresAt: code.expiresAt },
    });
    // The test holds the row: the acceptance queues on it first, then the removal, which read
    // it pending.
    const held = await holdRow(t, 'access', row.id);
    const accepted = t.app.inject({
      method: 'POST',
      url: '/v1/invite/accept',
      payload: { access_code: code.code, email: user.email },
    });
    await held.waitingOnLocks(1);
    const removed = remove({ email: user.email, app: appId });
    await held.waitingOnLocks(2);
    await held.release();
    expect((await accepted).json()).toMatchObject({ Code: '200', Msg: { registered: true } });
    expect((await removed).json()).toMatchObject({ Code: 'verified' });
    expect(await t.db.prisma.access.findUnique({ where: { id: row.id } })).toMatchObject({
      status: 'verified',
      userId: user.id,
    });
    expect(
      await t.db.prisma.auditEvent.count({ where: { action: 'invite.remove', target: row.id } }),
    ).toBe(0);
  });

  it('takes the branches and names of an invitee with an account when their last invitation goes', async () => {
    await t.db.prisma.branch.create({ data: { companyId, id: 'rb1', name: 'Branch rb1' } });
    const user = await createUser(t);
    const invite = (app: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/invite',
        headers: { cookie: admin.session.cookie },
        payload: { email: b64(user.email), roles: [{ app, roles: ['viewer'] }] },
      });
    expect((await invite(appId)).json().Code).toBe('200');
    const otherApp = (await createApp(t)).id;
    expect((await invite(otherApp)).json().Code).toBe('200');
    // A pending invitee with an account can be given a branch and names already.
    const assigned = await t.app.inject({
      method: 'POST',
      url: '/v1/branches/user/add',
      headers: { cookie: admin.session.cookie },
      payload: { userid: user.id, com: companyId, branch: 'rb1', servicing: true },
    });
    expect(assigned.json().Code).toBe('200');
    const named = await t.app.inject({
      method: 'POST',
      url: '/v1/invite/pref',
      headers: { cookie: admin.session.cookie },
      payload: { userid: user.id, fname: 'Ann', lname: 'Other' },
    });
    expect(named.json().Code).toBe('200');
    const kept = () => ({
      branches: t.db.prisma.userBranch.count({ where: { userId: user.id, companyId } }),
      names: t.db.prisma.userPreference.count({ where: { userId: user.id, companyId } }),
    });
    // One invitation of two withdrawn: still invited, so the company keeps what it knows.
    expect((await remove({ email: user.email, app: otherApp })).json().Code).toBe('200');
    expect(await kept().branches).toBe(1);
    expect(await kept().names).toBe(1);
    // The last one withdrawn: nothing of the company's about them stays behind.
    expect((await remove({ email: user.email, app: appId })).json().Code).toBe('200');
    expect(await kept().branches).toBe(0);
    expect(await kept().names).toBe(0);
  });

  it('lets only an owner withdraw an invitation to global.owner or global.admin', async () => {
    const row = await pending('global', ['admin']);
    expect((await remove({ email: row.email, app: 'global' })).json().Code).toBe('forbidden');
    expect(await exists(row.id)).toBe(true);
    const byOwner = await remove({ email: row.email, app: 'global' }, owner.session.cookie);
    expect(byOwner.json().Code).toBe('200');
    expect(await exists(row.id)).toBe(false);
  });

  it("lets only an owner withdraw an application invitation of the company's admin, never one's own", async () => {
    const other = await signedInMember(t, companyId, ['admin']);
    const row = await grantAccess(t, {
      companyId,
      appId,
      email: other.email,
      roles: ['viewer'],
      status: 'pending',
    });
    const refused = await remove({ email: other.email, app: appId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Code).toBe('forbidden');
    expect(
      (await remove({ email: other.email, app: appId }, other.session.cookie)).json().Code,
    ).toBe('forbidden');
    expect(await exists(row.id)).toBe(true);
    expect(
      (await remove({ email: other.email, app: appId }, owner.session.cookie)).json().Code,
    ).toBe('200');
    expect(await exists(row.id)).toBe(false);
  });

  it("treats another company's invitations as unknown, and refuses plain members", async () => {
    const row = await pending(appId, ['viewer']);
    const outsider = await signedInMember(t, (await createCompany(t)).id, ['owner']);
    const member = await signedInMember(t, companyId, []);
    const payload = { email: row.email, app: appId };
    expect((await remove(payload, outsider.session.cookie)).json().Code).toBe('not_found');
    expect((await remove(payload, member.session.cookie)).json().Code).toBe('forbidden');
    expect(await exists(row.id)).toBe(true);
  });

  it.each([
    ['a missing e-mail', { app: 'x' }],
    ['a bad e-mail', { email: 'x', app: 'x' }],
    ['an over-long app', { email: 'a@example.test', app: 'x'.repeat(65) }],
    ['an extra field', { email: 'a@example.test', app: 'x', com: 'y' }],
  ])('answers incomplete_param for %s', async (_, payload) => {
    expect((await remove(payload)).json().Code).toBe('incomplete_param');
  });
});
