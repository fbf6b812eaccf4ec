import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import {
  b64,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  unique,
} from '../../test/factories.js';
import { recordAudit } from '../audit/record-audit.js';
import { ERASED } from './erase-account.js';
import { deleteOwnAccount, startErasureApp } from './erasure.fixtures.js';

/** profile.deleteAccount: the GDPR erasure path (issue 12, item 12). */
describe('deleting one’s own account', () => {
  let t: TestApp;
  let deletable: string;
  beforeAll(async () => {
    ({ t, deletable } = await startErasureApp());
  });
  afterAll(() => t.close());

  const del = (cookie: string, password: string) => deleteOwnAccount(t, cookie, password);
  const details = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/v1/auth/details', headers: { cookie } });

  /** A member of a company with history: audit events, attempts, a pending invitation. */
  async function memberWithHistory() {
    const user = await createUser(t);
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: [] });
    const elsewhere = await createCompany(t);
    await grantAccess(t, {
      companyId: elsewhere.id,
      email: user.email,
      roles: [],
      status: 'pending',
    });
    await recordAudit(t.db.prisma, {
      action: 'profile.update',
      actorId: user.id,
      companyId: company.id,
      ip: '203.0.113.7',
      target: user.email,
      details: { email: user.email, username: user.username, kept: 'yes' },
    });
    const event = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { actorId: user.id, action: 'profile.update' },
      select: { id: true },
    });
    await t.db.prisma.loginAttempt.create({
      data: { ip: '203.0.113.7', username: user.username.toLowerCase(), success: false },
    });
    await t.db.prisma.mailJob.create({
      data: { kind: 'mail', payload: { to: user.email, subject: 'x', text: 'y' } },
    });
    const session = await openTestSession(t, user, {
      clientId: deletable,
      companyId: company.id,
    });
    const other = await openTestSession(t, user, { companyId: company.id });
    return { user, company, session, other, eventId: event.id };
  }

  it('says whether the session’s client allows it', async () => {
    const { session, other } = await memberWithHistory();
    expect((await details(session.cookie)).json().Msg.allow_delete).toBe(true);
    expect((await details(other.cookie)).json().Msg.allow_delete).toBe(false);
  });

  it('is forbidden where the client does not allow it, and changes nothing', async () => {
    const { user, other } = await memberWithHistory();
    const res = await del(other.cookie, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Code: 'forbidden' });
    expect(await t.db.prisma.user.count({ where: { id: user.id } })).toBe(1);
  });

  it('needs the right password (counted), and a wrong one changes nothing', async () => {
    const { user, session } = await memberWithHistory();
    const res = await del(session.cookie, `${user.password}-wrong`);
    expect(res.json()).toMatchObject({ Code: 'invalid_credentials' });
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.failedLoginCount).toBe(1);
    expect((await del(session.cookie, '')).json()).toMatchObject({ Code: 'incomplete_param' });
  });

  it('erases the account and its personal data, ends every session, and keeps an anonymous trail', async () => {
    const { user, session, other, eventId } = await memberWithHistory();
    const res = await del(session.cookie, user.password);
    expect(res.json()).toEqual({ Code: '200', Msg: 'Account deleted' });
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    expect(await t.db.prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.db.prisma.device.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.db.prisma.access.count({ where: { email: user.email } })).toBe(0);
    expect(
      await t.db.prisma.loginAttempt.count({
        where: { username: user.username.toLowerCase() },
      }),
    ).toBe(0);
    const jobs = await t.db.prisma.mailJob.findMany();
    expect(JSON.stringify(jobs)).not.toContain(user.email);
    for (const cookie of [session.cookie, other.cookie]) {
      expect((await details(cookie)).json()).toMatchObject({ Code: 'session_invalid' });
    }

    // The trail stays, naming nobody.
    const trail = await t.db.prisma.auditEvent.findMany({
      where: { OR: [{ target: user.id }, { id: eventId }] },
    });
    const text = JSON.stringify(trail, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.username);
    const update = trail.find((event) => event.action === 'profile.update');
    expect(update).toMatchObject({ actorId: null, ip: null, target: ERASED });
    expect(update?.details).toMatchObject({ email: ERASED, username: ERASED, kept: 'yes' });
    const erased = trail.find((event) => event.action === 'account.erased');
    expect(erased).toMatchObject({
      actorId: null,
      ip: null,
      target: user.id,
      clientId: deletable,
      details: { companies: 1 },
    });
  });

  it('refuses a company’s only owner until it is handed over', async () => {
    const user = await createUser(t);
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: ['owner'] });
    const session = await openTestSession(t, user, {
      clientId: deletable,
      companyId: company.id,
    });
    const refused = await del(session.cookie, user.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ Code: 'owner_must_transfer' });
    expect(await t.db.prisma.user.count({ where: { id: user.id } })).toBe(1);

    const second = await createUser(t);
    await grantAccess(t, { companyId: company.id, user: second, roles: ['owner'] });
    expect((await del(session.cookie, user.password)).json()).toMatchObject({ Code: '200' });
    expect(await t.db.prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(
      await t.db.prisma.access.count({ where: { companyId: company.id, userId: second.id } }),
    ).toBe(1);
  });

  /** A member whose only company is the one of the deletable client's session. */
  async function deletableMember(fields: { username?: string; email?: string } = {}) {
    const user = await createUser(t, fields);
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: [] });
    const session = await openTestSession(t, user, { clientId: deletable, companyId: company.id });
    return { user, company, session };
  }

  it('erases the person’s names, never parts of other people’s events', async () => {
    // A username that is also a key of recorded details, and an e-mail inside another's.
    const { user, session } = await deletableMember({
      username: 'format',
      email: 'ob@example.test',
    });
    const bystander = await createUser(t, { email: 'jimbob@example.test' });
    const company = await createCompany(t);
    await recordAudit(t.db.prisma, {
      action: 'audit.export',
      companyId: company.id,
      details: { format: 'csv', events: 3, filter: {} },
    });
    await recordAudit(t.db.prisma, {
      action: 'user.invite',
      companyId: company.id,
      target: bystander.id,
      details: { email: bystander.email, app: 'format_app' },
    });
    await t.db.prisma.mailJob.create({
      data: { kind: 'mail', payload: { to: bystander.email, subject: 'x', text: 'y' } },
    });
    // The person's own, as a failed sign-in with the e-mail records it.
    await recordAudit(t.db.prisma, {
      action: 'auth.sign_in_failed',
      target: 'ob@example.test',
      details: { reason: 'account_failed', login: 'ob@example.test' },
    });

    expect((await del(session.cookie, user.password)).json()).toMatchObject({ Code: '200' });

    const others = await t.db.prisma.auditEvent.findMany({
      where: { companyId: company.id },
      orderBy: { id: 'asc' },
    });
    expect(others.map((event) => event.details)).toEqual([
      { format: 'csv', events: 3, filter: {} },
      { email: bystander.email, app: 'format_app' },
    ]);
    const jobs = await t.db.prisma.mailJob.findMany();
    expect(jobs.map((job) => (job.payload as { to: string }).to)).toContain(bystander.email);
    const own = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: {
        action: 'auth.sign_in_failed',
        details: { path: ['reason'], equals: 'account_failed' },
      },
    });
    expect(own).toMatchObject({
      target: ERASED,
      details: { reason: 'account_failed', login: ERASED },
    });
  });

  it('takes the username off the bans that list it', async () => {
    const { user, session } = await deletableMember();
    const name = user.username.toLowerCase();
    const ban = await t.db.prisma.ipBan.create({
      data: {
        ip: '198.51.100.9',
        reason: 'credential_stuffing',
        expiresAt: new Date(Date.now() + 60_000),
        blockedUsers: ['someone_else', name, user.email],
      },
    });
    expect((await del(session.cookie, user.password)).json()).toMatchObject({ Code: '200' });
    const row = await t.db.prisma.ipBan.findUniqueOrThrow({ where: { id: ban.id } });
    expect(row.blockedUsers).toEqual(['someone_else', ERASED, ERASED]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/delete',
      payload: { password: b64(unique('pw')) },
    });
    expect(res.json()).toMatchObject({ Code: 'auth_invalid' });
  });
});
