import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition, ErrorCode } from '@portico/contracts';
import { PLATFORM_COMPANY_ID, PORTAL_APP_ID, calls } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { PlatformAdmin } from '../../test/factories.js';
import { b64, bootstrapPlatform, createApp, grantAccess, unique } from '../../test/factories.js';
import { tableFingerprint } from '../../test/fingerprint.js';
import type { CallInput } from '../../test/send-call.js';
import { sendCall } from '../../test/send-call.js';
import type { TwoCompanies } from '../../test/two-companies.js';
import { secretsOfA, seedTwoCompanies, sharedMember } from '../../test/two-companies.js';

/**
 * What tenant-isolation.test.ts does not send: lists mixing one of company B's own ids with one
 * B may not use (A's beta application, an alpha, disabled or the portal's application, a role
 * of another application), and the platform company's id and its administrator named by B.
 * Each must be refused whole, with its code, changing no table and showing nothing of A or of
 * the platform administrator.
 */
interface World extends TwoCompanies {
  platform: PlatformAdmin;
  /** Status 1: only the platform company may use it. */
  alphaAppId: string;
  /** Status 0: nobody may use it. */
  disabledAppId: string;
}

interface Row {
  call: CallDefinition;
  what: string;
  code: ErrorCode;
  input: (w: World) => CallInput;
}

const row = (call: CallDefinition, what: string, code: ErrorCode, input: Row['input']): Row => ({
  call,
  what,
  code,
  input,
});

const { users, invites, branches, session, subscriptions } = calls;
const own = (w: World) => ({ app: w.appId, roles: ['viewer'] });
const newcomer = () => b64(`${unique('newcomer')}@example.test`);

const ROWS: Row[] = [
  // Mixed grant lists: B's released application and one B may not grant.
  row(invites.send, "B's app + A's beta app", 'not_found', (w) => ({
    body: { email: newcomer(), roles: [own(w), { app: w.betaAppId, roles: ['viewer'] }] },
  })),
  row(invites.send, "B's app + an alpha app", 'not_found', (w) => ({
    body: { email: newcomer(), roles: [own(w), { app: w.alphaAppId, roles: ['viewer'] }] },
  })),
  row(invites.send, "B's app + a disabled app", 'not_found', (w) => ({
    body: { email: newcomer(), roles: [own(w), { app: w.disabledAppId, roles: ['viewer'] }] },
  })),
  row(invites.send, "B's app + the portal's app", 'not_found', (w) => ({
    body: { email: newcomer(), roles: [own(w), { app: PORTAL_APP_ID, roles: ['viewer'] }] },
  })),
  row(invites.send, 'a real role + a company role under the app', 'not_found', (w) => ({
    body: { email: newcomer(), roles: [{ app: w.appId, roles: ['viewer', 'owner'] }] },
  })),
  row(invites.send, 'a real role + `global.owner` under the app', 'not_found', (w) => ({
    body: { email: newcomer(), roles: [{ app: w.appId, roles: ['viewer', 'global.owner'] }] },
  })),
  row(users.updateRoles, "a B member: B's app + A's beta app", 'not_found', (w) => ({
    body: {
      email: w.b.member.email,
      data: [
        { app: w.appId, roles: ['editor'] },
        { app: w.betaAppId, roles: ['viewer'] },
      ],
    },
  })),
  row(users.updateRoles, 'a B member: a real role + an unknown one', 'not_found', (w) => ({
    body: { email: w.b.member.email, data: [{ app: w.appId, roles: ['editor', 'superuser'] }] },
  })),
  row(users.updateRoles, "a B member: B's app + the alpha app", 'not_found', (w) => ({
    body: {
      email: w.b.member.email,
      data: [
        { app: w.appId, roles: ['editor'] },
        { app: w.alphaAppId, roles: ['viewer'] },
      ],
    },
  })),
  // The platform company and its administrator, named by B.
  row(users.updateRoles, "the platform admin's roles", 'user_not_found', (w) => ({
    body: { email: w.platform.email, data: [{ app: 'global', roles: [] }] },
  })),
  row(users.updatePreference, "the platform admin's names", 'user_not_found', (w) => ({
    body: { userid: w.platform.id, fname: 'Eve', lname: 'Evil' },
  })),
  row(users.resetPassword, "the platform admin's password", 'user_not_found', (w) => ({
    body: { username: w.platform.username },
  })),
  row(users.removeAccess, 'the platform admin', 'user_not_found', (w) => ({
    body: { email: w.platform.email },
  })),
  row(users.transferOwnership, 'B to the platform admin', 'user_not_found', (w) => ({
    body: { email: w.platform.email },
  })),
  row(invites.resend, "the platform admin's company access", 'not_found', (w) => ({
    body: { email: w.platform.email, app: 'global' },
  })),
  row(invites.remove, "the platform admin's company access", 'not_found', (w) => ({
    body: { email: w.platform.email, app: 'global' },
  })),
  row(invites.remove, "A owner's company access", 'not_found', (w) => ({
    body: { email: w.a.owner.email, app: 'global' },
  })),
  row(branches.list, "the platform company's branches", 'forbidden', () => ({
    query: { com: PLATFORM_COMPANY_ID },
  })),
  row(branches.add, 'a branch in the platform company', 'forbidden', () => ({
    body: { branchid: 'intruder', name: 'Intruder', com: PLATFORM_COMPANY_ID },
  })),
  row(branches.userBranches, "the platform admin's branches (com core1)", 'forbidden', (w) => ({
    body: { com: PLATFORM_COMPANY_ID, userid: w.platform.id, offset: 0 },
  })),
  row(branches.userBranches, "the platform admin's branches (com B)", 'user_not_found', (w) => ({
    body: { com: w.b.id, userid: w.platform.id, offset: 0 },
  })),
  row(branches.addUserBranch, "B's branch for the platform admin", 'user_not_found', (w) => ({
    body: { com: w.b.id, userid: w.platform.id, branch: w.b.branch.id, servicing: true },
  })),
  row(session.setCompany, 'the platform company as current company', 'access_not_found', () => ({
    body: { com: PLATFORM_COMPANY_ID },
  })),
  // Subscriptions: only a beta application can be joined.
  row(subscriptions.update, 'the alpha app', 'not_found', (w) => ({
    body: { app: w.alphaAppId, status: 'beta' },
  })),
  row(subscriptions.update, 'the disabled app', 'not_found', (w) => ({
    body: { app: w.disabledAppId, status: 'beta' },
  })),
  row(subscriptions.update, "the portal's app", 'not_found', () => ({
    body: { app: PORTAL_APP_ID, status: 'beta' },
  })),
  row(subscriptions.update, 'the company entry', 'not_found', () => ({
    body: { app: 'global', status: 'beta' },
  })),
];

describe('foreign ids in lists and the platform company, sent by company B', () => {
  let t: TestApp;
  let w: World;
  /** A person in A and B: their A access rows and names must not show in B's lists. */
  let shared: Awaited<ReturnType<typeof sharedMember>>;

  beforeAll(async () => {
    t = await startTestApp();
    const platform = await bootstrapPlatform(t);
    const two = await seedTwoCompanies(t);
    const alpha = await createApp(t, { status: 1 });
    const disabled = await createApp(t, { status: 0 });
    // An A member in A's beta app: a filter by it must show B nothing.
    await grantAccess(t, {
      companyId: two.a.id,
      appId: two.betaAppId,
      user: two.a.member,
      roles: ['viewer'],
    });
    w = { ...two, platform, alphaAppId: alpha.id, disabledAppId: disabled.id };
    shared = await sharedMember(t, w);
  });
  afterAll(() => t.close());

  describe.each(['admin', 'owner'] as const)('as B %s', (role) => {
    it.each(ROWS.map((r) => [`${r.call.id}: ${r.what}`, r] as const))(
      '%s is refused whole and changes nothing',
      async (_name, r) => {
        const caller = w.b[role];
        await t.db.prisma.session.update({
          where: { id: caller.session.id },
          data: { lastSeenAt: new Date() },
        });
        const input = r.input(w);
        const before = await tableFingerprint(t.db);

        const res = await sendCall(t, r.call, input, { cookie: caller.session.cookie });

        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toMatchObject({ Code: r.code });
        const sent = JSON.stringify(input);
        const secrets = [...secretsOfA(w), w.platform.email, w.platform.username, w.platform.id];
        for (const secret of secrets.filter((value) => !sent.includes(value))) {
          expect(res.body).not.toContain(secret);
        }
        expect(await tableFingerprint(t.db)).toEqual(before);
      },
    );

    it("users.list filtered by A's beta app or the company entry lists B's people only", async () => {
      const caller = w.b[role];
      const byBeta = await sendCall(
        t,
        users.list,
        { body: { offset: 0, appFilter: w.betaAppId } },
        { cookie: caller.session.cookie },
      );
      expect(byBeta.json()).toMatchObject({ Code: '200', Msg: { total: 0, users: [] } });
      const byGlobal = await sendCall(
        t,
        users.list,
        { body: { offset: 0, appFilter: 'global', prefs: true } },
        { cookie: caller.session.cookie },
      );
      const msg = byGlobal.json<{ Msg: { users: { com: string; email: string }[] } }>().Msg;
      expect(msg.users.map((u) => u.email)).toContain(shared.email);
      expect(new Set(msg.users.map((u) => u.com))).toEqual(new Set([w.b.id]));
      const secrets = [...secretsOfA(w), w.platform.email, ...Object.values(shared.namesInA)];
      for (const secret of secrets) {
        expect(byGlobal.body).not.toContain(secret);
      }
    });
  });
});
