import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition } from '@portico/contracts';
import { PLATFORM_COMPANY_ID, calls } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { PlatformAdmin, TestSession, TestUser } from '../../test/factories.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createUser,
  grantAccess,
  openTestSession,
  unique,
} from '../../test/factories.js';
import { tableFingerprint } from '../../test/fingerprint.js';
import type { CallInput } from '../../test/send-call.js';
import { sendCall } from '../../test/send-call.js';
import type { TwoCompanies } from '../../test/two-companies.js';
import { seedTwoCompanies } from '../../test/two-companies.js';

/**
 * Authorisation follows the session's current company, not the person: an admin of B whose
 * session was switched to A (where they are a plain member), or who has no current company yet,
 * gets no administrator call, not even on B; a platform administrator whose session was switched
 * to an ordinary company is that company's admin only (no platform call, an audit trail of that
 * company alone); and a plain member of the platform company is no administrator at all.
 */
type Input = (w: TwoCompanies) => CallInput;
const { users, invites, branches, company, subscriptions, audit, session } = calls;

/** Company-admin calls with payloads that would succeed for an admin of company B. */
const B_ADMIN_CALLS: [CallDefinition, Input][] = [
  [users.list, () => ({ body: { offset: 0 } })],
  [users.roleDefinitions, () => ({})],
  [
    users.updateRoles,
    (w) => ({
      body: { email: w.b.member.email, data: [{ app: w.appId, roles: ['editor'] }] },
    }),
  ],
  [users.updatePreference, (w) => ({ body: { userid: w.b.member.id, fname: 'X', lname: 'Y' } })],
  [users.removeAccess, (w) => ({ body: { email: w.b.member.email } })],
  [
    invites.send,
    (w) => ({
      body: {
        email: b64(`${unique('n')}@example.test`),
        roles: [{ app: w.appId, roles: ['viewer'] }],
      },
    }),
  ],
  [branches.add, (w) => ({ body: { branchid: 'new-branch', name: 'New', com: w.b.id } })],
  [branches.update, (w) => ({ body: { id: w.b.branch.id, com: w.b.id, name: 'Renamed' } })],
  [branches.remove, (w) => ({ query: { com: w.b.id, id: w.b.branch.id } })],
  [
    branches.addUserBranch,
    (w) => ({
      body: { com: w.b.id, userid: w.b.member.id, branch: w.b.branch.id, servicing: true },
    }),
  ],
  [company.update, () => ({ body: { name: 'Taken over' } })],
  [company.setSecondFactorPolicy, () => ({ body: { required: true } })],
  [subscriptions.update, (w) => ({ body: { app: w.betaAppId, status: 'beta' } })],
  [audit.list, () => ({ query: {} })],
  [audit.exportEvents, () => ({ query: { format: 'csv' } })],
];

/** Platform calls, with payloads that would succeed for a platform administrator. */
const PLATFORM_CALLS: [CallDefinition, Input][] = [
  [calls.apps.list, () => ({})],
  [calls.apps.add, () => ({ body: { id: 'intruder-app', name: 'Intruder', desc: '' } })],
  [calls.apps.remove, (w) => ({ query: { id: w.appId } })],
  [calls.companies.list, () => ({})],
  [calls.companies.add, () => ({ body: { id: 'intruder-co', name: 'Intruder' } })],
  [calls.companies.update, (w) => ({ body: { id: w.a.id, name: 'Renamed A' } })],
  [calls.companies.remove, (w) => ({ query: { id: w.a.id } })],
  [
    calls.companies.inviteOwner,
    (w) => ({
      body: { com: w.a.id, email: b64(`${unique('own')}@example.test`) },
    }),
  ],
  [calls.roles.list, (w) => ({ query: { app: w.appId } })],
  [
    calls.roles.add,
    (w) => ({ body: { id: 'intruder', name: 'Intruder', desc: '', app: w.appId } }),
  ],
  [calls.ipLists.whitelist, () => ({})],
  [calls.ipLists.addWhitelist, () => ({ body: { ip: '203.0.113.9', description: 'me' } })],
  [calls.ipLists.banned, () => ({ query: {} })],
  [calls.ipLists.unban, () => ({ body: { ip: '203.0.113.10' } })],
];

describe('authorisation follows the current company of the session', () => {
  let t: TestApp;
  let w: TwoCompanies;
  let platform: PlatformAdmin;
  /** Admin of B, plain member (viewer of the app) of A. */
  let x: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    platform = await bootstrapPlatform(t);
    w = await seedTwoCompanies(t);
    x = await createUser(t);
    await grantAccess(t, { companyId: w.b.id, user: x, roles: ['admin'] });
    await grantAccess(t, { companyId: w.a.id, appId: w.appId, user: x, roles: ['viewer'] });
    // The platform administrator is also an admin of B (invited there like anyone).
    await grantAccess(t, { companyId: w.b.id, user: platform, roles: ['admin'] });
    await t.db.prisma.auditEvent.createMany({
      data: [
        { action: 'branch.add', companyId: w.a.id, actorId: w.a.admin.id },
        { action: 'branch.add', companyId: PLATFORM_COMPANY_ID, actorId: platform.id },
        { action: 'branch.add', companyId: w.b.id, actorId: w.b.admin.id },
      ],
    });
  });
  afterAll(() => t.close());

  /** Sends a call and expects `forbidden`, with no table changed. */
  async function expectForbidden(call: CallDefinition, input: CallInput, cookie: string) {
    const before = await tableFingerprint(t.db);
    const res = await sendCall(t, call, input, { cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Code: 'forbidden' });
    expect(await tableFingerprint(t.db)).toEqual(before);
  }

  async function switchTo(s: TestSession, com: string) {
    const res = await sendCall(t, session.setCompany, { body: { com } }, { cookie: s.cookie });
    expect(res.json()).toMatchObject({ Code: '200' });
  }

  describe('an admin of B whose session was switched to A, where they are a member', () => {
    let s: TestSession;
    beforeAll(async () => {
      s = await openTestSession(t, x, { companyId: w.b.id });
      // Admin calls work in B first, then the session moves to A through the real call.
      const list = await sendCall(t, users.list, { body: { offset: 0 } }, { cookie: s.cookie });
      expect(list.json()).toMatchObject({ Code: '200' });
      await switchTo(s, w.a.id);
    });

    it.each(B_ADMIN_CALLS.map(([call, input]) => [call.id, call, input] as const))(
      '%s on B is forbidden',
      async (_id, call, input) => {
        await expectForbidden(call, input(w), s.cookie);
      },
    );

    it("branches.list of B is forbidden, A's own list is not", async () => {
      const ofB = await sendCall(
        t,
        branches.list,
        { query: { com: w.b.id } },
        { cookie: s.cookie },
      );
      expect(ofB.json()).toMatchObject({ Code: 'forbidden' });
      expect(ofB.body).not.toContain(w.b.branch.name);
      const ofA = await sendCall(
        t,
        branches.list,
        { query: { com: w.a.id } },
        { cookie: s.cookie },
      );
      expect(ofA.json()).toMatchObject({ Code: '200' });
    });

    it('company-admin calls work again once switched back to B, on B only', async () => {
      await switchTo(s, w.b.id);
      const res = await sendCall(t, users.list, { body: { offset: 0 } }, { cookie: s.cookie });
      const msg = res.json<{ Msg: { users: { com: string }[] } }>().Msg;
      expect(new Set(msg.users.map((row) => row.com))).toEqual(new Set([w.b.id]));
      await switchTo(s, w.a.id);
      await expectForbidden(users.list, { body: { offset: 0 } }, s.cookie);
    });
  });

  describe('an admin of B whose session has no current company', () => {
    let s: TestSession;
    beforeAll(async () => {
      s = await openTestSession(t, x, { companyId: null });
    });

    it.each(B_ADMIN_CALLS.map(([call, input]) => [call.id, call, input] as const))(
      '%s is forbidden',
      async (_id, call, input) => {
        await expectForbidden(call, input(w), s.cookie);
      },
    );

    it('branches.list of B or A is forbidden', async () => {
      for (const com of [w.b.id, w.a.id]) {
        const res = await sendCall(t, branches.list, { query: { com } }, { cookie: s.cookie });
        expect(res.json()).toMatchObject({ Code: 'forbidden' });
      }
    });
  });

  describe('a platform administrator whose session was switched to B', () => {
    let s: TestSession;
    beforeAll(async () => {
      s = await openTestSession(t, platform, { companyId: PLATFORM_COMPANY_ID });
      const apps = await sendCall(t, calls.apps.list, {}, { cookie: s.cookie });
      expect(apps.json()).toMatchObject({ Code: '200' });
      await switchTo(s, w.b.id);
    });

    it.each(PLATFORM_CALLS.map(([call, input]) => [call.id, call, input] as const))(
      '%s is forbidden',
      async (_id, call, input) => {
        await expectForbidden(call, input(w), s.cookie);
      },
    );

    it("reads B's audit trail only, not every company's", async () => {
      const res = await sendCall(t, audit.list, { query: {} }, { cookie: s.cookie });
      expect(res.json()).toMatchObject({ Code: '200' });
      const events = res.json<{ Msg: { events: { company: { id: string } | null }[] } }>().Msg
        .events;
      expect(events.length).toBeGreaterThan(0);
      expect(new Set(events.map((event) => event.company?.id))).toEqual(new Set([w.b.id]));
    });

    it("reaches no other company's branches", async () => {
      for (const com of [w.a.id, PLATFORM_COMPANY_ID]) {
        const list = await sendCall(t, branches.list, { query: { com } }, { cookie: s.cookie });
        expect(list.json()).toMatchObject({ Code: 'forbidden' });
        await expectForbidden(
          branches.add,
          { body: { branchid: 'intruder', name: 'Intruder', com } },
          s.cookie,
        );
      }
    });
  });

  describe('a member of B whose admin invitation is still pending', () => {
    let s: TestSession;
    beforeAll(async () => {
      const member = await createUser(t);
      await grantAccess(t, { companyId: w.b.id, appId: w.appId, user: member, roles: ['viewer'] });
      await grantAccess(t, {
        companyId: w.b.id,
        user: member,
        roles: ['admin'],
        status: 'pending',
      });
      s = await openTestSession(t, member, { companyId: w.b.id });
    });

    it.each(B_ADMIN_CALLS.map(([call, input]) => [call.id, call, input] as const))(
      '%s is forbidden',
      async (_id, call, input) => {
        await expectForbidden(call, input(w), s.cookie);
      },
    );
  });

  describe('a plain member of the platform company', () => {
    let s: TestSession;
    beforeAll(async () => {
      const member = await createUser(t);
      const app = await createApp(t, { status: 1 });
      await grantAccess(t, {
        companyId: PLATFORM_COMPANY_ID,
        appId: app.id,
        user: member,
        roles: ['viewer'],
      });
      s = await openTestSession(t, member, { companyId: PLATFORM_COMPANY_ID });
    });

    it.each(PLATFORM_CALLS.map(([call, input]) => [call.id, call, input] as const))(
      '%s is forbidden',
      async (_id, call, input) => {
        await expectForbidden(call, input(w), s.cookie);
      },
    );

    it("users.list and B's branches are forbidden", async () => {
      await expectForbidden(users.list, { body: { offset: 0 } }, s.cookie);
      const res = await sendCall(
        t,
        branches.list,
        { query: { com: w.b.id } },
        { cookie: s.cookie },
      );
      expect(res.json()).toMatchObject({ Code: 'forbidden' });
    });
  });
});
