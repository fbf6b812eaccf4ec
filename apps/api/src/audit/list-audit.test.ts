import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@portico/contracts';
import { PORTAL_CLIENT_ID, calls } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, grantAccess, openTestSession } from '../../test/factories.js';
import { sendCall } from '../../test/send-call.js';
import type { Member, Trail } from './audit.fixtures.js';
import { addEvent, minute, seedTrail } from './audit.fixtures.js';

/**
 * audit.list: who sees which events (platform administrators every company's, a company's
 * owner and admins their current company's), every filter, keyset paging that new events do
 * not disturb, and bad input refused with incomplete_param.
 */
type Page = { events: AuditEvent[]; next: string | null };

describe('audit.list', () => {
  let t: TestApp;
  let w: Trail;
  const ids: Record<string, string> = {};

  async function list(caller: Member, query: Record<string, string> = {}) {
    const res = await sendCall(t, calls.audit.list, { query }, { cookie: caller.session.cookie });
    return { res, body: res.json<{ Code: string; Msg: Page }>() };
  }
  async function page(caller: Member, query: Record<string, string> = {}): Promise<Page> {
    const { body } = await list(caller, query);
    expect(body.Code).toBe('200');
    return body.Msg;
  }
  const idsOf = (p: Page) => p.events.map((event) => event.id);

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    w = await seedTrail(t);
    // Sessions opened by the fixtures may have recorded events: the tests count only theirs.
    await t.db.prisma.auditEvent.deleteMany();
    const { a, b } = w;
    ids.a1 = await addEvent(t, {
      at: minute(1),
      action: 'user.roles.update',
      actorId: a.owner.id,
      companyId: a.id,
      clientId: PORTAL_CLIENT_ID,
      target: a.member.id,
      ip: '198.51.100.7',
      details: { email: a.member.email, grants: [{ app: 'crm', roles: ['viewer'] }] },
    });
    ids.a2 = await addEvent(t, {
      at: minute(2),
      action: 'branch.add',
      actorId: a.admin.id,
      companyId: a.id,
      target: 'branch:north',
      ip: '203.0.113.9',
    });
    ids.b1 = await addEvent(t, {
      at: minute(3),
      action: 'user.roles.update',
      actorId: b.admin.id,
      companyId: b.id,
      target: b.admin.id,
      ip: '198.51.100.7',
      details: { email: b.admin.email },
    });
    ids.none = await addEvent(t, {
      at: minute(4),
      action: 'auth.sign_in_failed',
      ip: '192.0.2.1',
      details: { reason: 'invalid_credentials', token: 'never-shown' },
    });
    // Two events at the same millisecond: the id breaks the tie.
    ids.a3 = await addEvent(t, { at: minute(5), action: 'branch.remove', companyId: a.id });
    ids.a4 = await addEvent(t, { at: minute(5), action: 'branch.remove', companyId: a.id });
  });
  afterAll(() => t.close());

  describe('who sees what', () => {
    it('shows a platform administrator every event, newest first', async () => {
      const p = await page(w.platform);
      expect(idsOf(p)).toEqual([ids.a4, ids.a3, ids.none, ids.b1, ids.a2, ids.a1]);
      expect(p.next).toBeNull();
    });

    it.each(['owner', 'admin'] as const)("shows company A's %s only A's events", async (role) => {
      const p = await page(w.a[role]);
      expect(idsOf(p)).toEqual([ids.a4, ids.a3, ids.a2, ids.a1]);
    });

    it("never shows company B's admin A's events, whatever the filter", async () => {
      expect(idsOf(await page(w.b.admin))).toEqual([ids.b1]);
      expect(idsOf(await page(w.b.admin, { actor: w.a.owner.email }))).toEqual([]);
      expect(idsOf(await page(w.b.admin, { ip: '198.51.100.7' }))).toEqual([ids.b1]);
      expect(idsOf(await page(w.b.admin, { action: 'branch.add' }))).toEqual([]);
    });

    it('scopes a platform administrator in another company to that company', async () => {
      // The same person, also an admin of company A and signed in there, is scoped to A.
      await grantAccess(t, { companyId: w.a.id, user: w.platform, roles: ['admin'] });
      const session = await openTestSession(t, w.platform, { companyId: w.a.id });
      const p = await page({ ...w.platform, session });
      expect(idsOf(p)).toEqual([ids.a4, ids.a3, ids.a2, ids.a1]);
    });

    it('refuses a member without a company role, and a caller without a session', async () => {
      expect((await list(w.a.member)).body.Code).toBe('forbidden');
      const res = await t.app.inject({ method: 'GET', url: '/v1/audit' });
      expect(res.json()).toMatchObject({ Code: 'auth_invalid' });
    });
  });

  describe('each row', () => {
    it('names the actor, the target user, the company, the client, the IP and the details', async () => {
      const p = await page(w.platform, { action: 'user.roles.update', actor: w.a.owner.id });
      expect(p.events).toEqual([
        {
          id: ids.a1,
          at: minute(1).toISOString(),
          action: 'user.roles.update',
          actor: { id: w.a.owner.id, email: w.a.owner.email, name: w.a.owner.displayName },
          target: w.a.member.id,
          target_user: {
            id: w.a.member.id,
            email: w.a.member.email,
            name: w.a.member.displayName,
          },
          company: { id: w.a.id, name: w.a.name },
          client: PORTAL_CLIENT_ID,
          ip: '198.51.100.7',
          details: { email: w.a.member.email, grants: [{ app: 'crm', roles: ['viewer'] }] },
        },
      ]);
    });

    it('shows no actor, company or target where none was recorded, and no secret-named value', async () => {
      const [event] = (await page(w.platform, { action: 'auth.sign_in_failed' })).events;
      expect(event).toMatchObject({ actor: null, company: null, target: null, target_user: null });
      expect(event?.details).toEqual({ reason: 'invalid_credentials', token: '[redacted]' });
    });
  });

  describe('filters', () => {
    it.each([
      ['from (inclusive)', () => ({ from: minute(3).toISOString() }), ['a4', 'a3', 'none', 'b1']],
      ['to (exclusive)', () => ({ to: minute(3).toISOString() }), ['a2', 'a1']],
      [
        'from and to, with an offset',
        () => ({ from: '2026-01-01T10:02:00+01:00', to: '2026-01-01T10:04:00+01:00' }),
        ['b1', 'a2'],
      ],
      ['actor by id', (w: Trail) => ({ actor: w.a.admin.id }), ['a2']],
      ['actor by username', (w: Trail) => ({ actor: w.a.owner.username.toUpperCase() }), ['a1']],
      ['actor by e-mail', (w: Trail) => ({ actor: w.b.admin.email }), ['b1']],
      ['actor nobody is', () => ({ actor: 'nobody@example.test' }), []],
      ['target user by e-mail', (w: Trail) => ({ target: w.a.member.email }), ['a1']],
      ['target as recorded', () => ({ target: 'branch:north' }), ['a2']],
      ['action', () => ({ action: 'user.roles.update' }), ['b1', 'a1']],
      ['IP', () => ({ ip: '198.51.100.7' }), ['b1', 'a1']],
      ['client', () => ({ client: PORTAL_CLIENT_ID }), ['a1']],
      [
        'actor, action and IP together',
        (w: Trail) => ({ actor: w.a.owner.email, action: 'user.roles.update', ip: '198.51.100.7' }),
        ['a1'],
      ],
    ] as const)('filters by %s', async (_name, query, expected) => {
      const p = await page(w.platform, query(w));
      expect(idsOf(p)).toEqual(expected.map((key) => ids[key]));
    });
  });

  describe('paging', () => {
    it('walks every event once by cursor, ties broken by id', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const p: Page = await page(w.platform, { limit: '2', ...(cursor ? { cursor } : {}) });
        expect(p.events.length).toBeLessThanOrEqual(2);
        seen.push(...idsOf(p));
        cursor = p.next;
      } while (cursor);
      expect(seen).toEqual([ids.a4, ids.a3, ids.none, ids.b1, ids.a2, ids.a1]);
    });

    it('keeps the next page where it was when events are recorded meanwhile', async () => {
      const first = await page(w.a.admin, { limit: '2' });
      expect(idsOf(first)).toEqual([ids.a4, ids.a3]);
      const newer = await addEvent(t, { at: minute(30), action: 'branch.add', companyId: w.a.id });
      await addEvent(t, { at: minute(31), action: 'branch.add', companyId: w.a.id });
      const second = await page(w.a.admin, { limit: '2', cursor: first.next ?? '' });
      expect(idsOf(second)).toEqual([ids.a2, ids.a1]);
      expect(second.next).toBeNull();
      // The new events are on the first page of a fresh read.
      expect(idsOf(await page(w.a.admin, { limit: '2' }))[1]).toBe(newer);
      await t.db.prisma.auditEvent.deleteMany({ where: { at: { gte: minute(30) } } });
    });

    it('answers 50 events a page by default and at most 200', async () => {
      await t.db.prisma.$executeRaw`
        INSERT INTO audit_events (at, action, company_id)
        SELECT now() - make_interval(secs => i), 'bulk.event', ${w.b.id}
          FROM generate_series(1, 210) i`;
      const first = await page(w.b.admin, { action: 'bulk.event' });
      expect(first.events).toHaveLength(50);
      expect((await page(w.b.admin, { action: 'bulk.event', limit: '200' })).events).toHaveLength(
        200,
      );
      await t.db.prisma.auditEvent.deleteMany({ where: { action: 'bulk.event' } });
    });
  });

  describe('bad input', () => {
    it.each([
      ['a malformed cursor', { cursor: 'not-a-cursor' }, 'cursor'],
      ['a cursor past any id', { cursor: '1-99999999999999999999' }, 'cursor'],
      ['a cursor of the wrong shape', { cursor: '1735722000000-12.5' }, 'cursor'],
      ['a date without time', { from: '2026-01-01' }, 'from'],
      ['a date that is not one', { to: 'yesterday' }, 'to'],
      ['a time without offset', { from: '2026-01-01T09:00:00' }, 'from'],
      ['a page size of 0', { limit: '0' }, 'limit'],
      ['a page size over 200', { limit: '201' }, 'limit'],
      ['a page size that is no number', { limit: 'ten' }, 'limit'],
      ['an empty actor', { actor: ' ' }, 'actor'],
      ['an over-long IP', { ip: '1'.repeat(46) }, 'ip'],
      ['an unknown filter', { company: 'core1' }, '(payload)'],
    ])('refuses %s with incomplete_param and records nothing', async (_name, query, field) => {
      const before = await t.db.prisma.auditEvent.count();
      const { res, body } = await list(w.platform, query);
      expect(res.statusCode).toBe(400);
      expect(body).toMatchObject({
        Code: 'incomplete_param',
        Msg: { fields: { [field]: expect.any(String) } },
      });
      expect(await t.db.prisma.auditEvent.count()).toBe(before);
    });
  });
});
