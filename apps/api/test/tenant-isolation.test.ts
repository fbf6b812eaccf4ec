import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition, ErrorCode } from '@portico/contracts';
import { PORTAL_CLIENT_ID, allCalls, calls } from '@portico/contracts';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';
import { bootstrapPlatform } from './factories.js';
import { tableFingerprint } from './fingerprint.js';
import type { CallInput } from './send-call.js';
import { sendCall } from './send-call.js';
import type { TwoCompanies } from './two-companies.js';
import { secretsOfA, seedTwoCompanies } from './two-companies.js';

/**
 * "No endpoint may read or change another company's data by id." The owner and an admin of
 * company B call every company- or user-scoped call with a valid payload naming company A's
 * users, e-mails, invitations, branches, devices or the company itself. Each must refuse with
 * its own code (never 200, never a 500), carry none of A's data, and change no table at all.
 * Reads of B's own lists, and calls that name no id (they act on B or the caller only), are in
 * tenant-isolation-scope.test.ts.
 */
interface Refusal {
  call: CallDefinition;
  /** What the row reaches for, in words. */
  what: string;
  input: (w: TwoCompanies) => CallInput;
  code: ErrorCode;
}

const refuse = (
  call: CallDefinition,
  what: string,
  code: ErrorCode,
  input: Refusal['input'],
): Refusal => ({ call, what, code, input });

const { users, invites, branches, devices, session, auth } = calls;
const A_ROLE = (w: TwoCompanies) => [{ app: w.appId, roles: ['editor'] }];

const ROWS: Refusal[] = [
  // users.*: A's people by e-mail, id or username look like nobody at all.
  refuse(users.updateRoles, "an A member's roles", 'user_not_found', (w) => ({
    body: { email: w.a.member.email, data: A_ROLE(w) },
  })),
  refuse(users.updateRoles, "A's pending invitation", 'user_not_found', (w) => ({
    body: { email: w.a.invitee, data: [{ app: w.appId, roles: [] }] },
  })),
  refuse(users.updateRoles, "A owner's company roles", 'user_not_found', (w) => ({
    body: { email: w.a.owner.email, data: [{ app: 'global', roles: [] }] },
  })),
  refuse(users.updatePreference, "an A member's names", 'user_not_found', (w) => ({
    body: { userid: w.a.member.id, fname: 'Eve', lname: 'Evil' },
  })),
  refuse(users.resetPassword, "an A member's password", 'user_not_found', (w) => ({
    body: { username: w.a.member.username },
  })),
  refuse(users.removeAccess, 'an A member', 'user_not_found', (w) => ({
    body: { email: w.a.member.email },
  })),
  refuse(users.removeAccess, "A's owner", 'user_not_found', (w) => ({
    body: { email: w.a.owner.email },
  })),
  refuse(users.transferOwnership, 'B to an A member', 'user_not_found', (w) => ({
    body: { email: w.a.member.email },
  })),
  // invites.*: A's pending invitation.
  refuse(invites.resend, "A's invitation", 'not_found', (w) => ({
    body: { email: w.a.invitee, app: w.appId },
  })),
  refuse(invites.remove, "A's invitation", 'not_found', (w) => ({
    body: { email: w.a.invitee, app: w.appId },
  })),
  // branches.*: com = A is refused outright; A's ids under com = B are unknown there.
  refuse(branches.list, "A's branches", 'forbidden', (w) => ({ query: { com: w.a.id } })),
  refuse(branches.add, 'a branch in A', 'forbidden', (w) => ({
    body: { branchid: 'intruder', name: 'Intruder', com: w.a.id },
  })),
  refuse(branches.update, "A's branch (com A)", 'forbidden', (w) => ({
    body: { id: w.a.branch.id, com: w.a.id, name: 'Renamed' },
  })),
  refuse(branches.update, "A's branch id (com B)", 'not_found', (w) => ({
    body: { id: w.a.branch.id, com: w.b.id, name: 'Renamed' },
  })),
  refuse(branches.remove, "A's branch (com A)", 'forbidden', (w) => ({
    query: { com: w.a.id, id: w.a.branch.id },
  })),
  refuse(branches.remove, "A's branch id (com B)", 'not_found', (w) => ({
    query: { com: w.b.id, id: w.a.branch.id },
  })),
  refuse(branches.userBranches, "an A member's branches (com A)", 'forbidden', (w) => ({
    body: { com: w.a.id, userid: w.a.member.id, offset: 0 },
  })),
  refuse(branches.userBranches, "an A member's branches (com B)", 'user_not_found', (w) => ({
    body: { com: w.b.id, userid: w.a.member.id, offset: 0 },
  })),
  refuse(branches.addUserBranch, 'an assignment in A', 'forbidden', (w) => ({
    body: { com: w.a.id, userid: w.a.member.id, branch: w.a.branch.id, servicing: false },
  })),
  refuse(branches.addUserBranch, "B's branch for an A member", 'user_not_found', (w) => ({
    body: { com: w.b.id, userid: w.a.member.id, branch: w.b.branch.id, servicing: true },
  })),
  refuse(branches.addUserBranch, "A's branch for a B member", 'not_found', (w) => ({
    body: { com: w.b.id, userid: w.b.member.id, branch: w.a.branch.id, servicing: true },
  })),
  refuse(branches.removeUserBranch, "an A member's assignment (com A)", 'forbidden', (w) => ({
    body: { com: w.a.id, userid: w.a.member.id, branch: w.a.branch.id },
  })),
  refuse(branches.removeUserBranch, "an A member's assignment (com B)", 'user_not_found', (w) => ({
    body: { com: w.b.id, userid: w.a.member.id, branch: w.a.branch.id },
  })),
  // devices.*: a device of an A member.
  refuse(devices.setStatus, "an A member's device", 'device_user_mismatch', (w) => ({
    body: { id: w.a.deviceId, status: 'blocked' },
  })),
  refuse(devices.setStatus, "an A member's session device", 'device_user_mismatch', (w) => ({
    body: { id: w.a.member.session.deviceId, status: 'blocked' },
  })),
  refuse(devices.remove, "an A member's device", 'device_user_mismatch', (w) => ({
    body: { id: w.a.deviceId },
  })),
  // The session itself cannot be moved into A.
  refuse(session.setCompany, 'company A as current company', 'access_not_found', (w) => ({
    body: { com: w.a.id },
  })),
  refuse(auth.chooseCompany, 'company A for this sign-in', 'access_not_found', (w) => ({
    body: { com: w.a.id, client: PORTAL_CLIENT_ID },
  })),
];

/** Session-level calls checked in tenant-isolation-scope.test.ts instead of by id here. */
const IN_SCOPE_FILE = [
  'users.list',
  'users.roleDefinitions',
  'company.details',
  'company.update',
  'company.uploadImage',
  'company.setSecondFactorPolicy',
  'invites.send',
  'subscriptions.list',
  'subscriptions.update',
  'devices.list',
  'session.companies',
  'auth.details',
  'profile.update',
  'profile.uploadAvatar',
  'audit.list',
  'audit.export',
];

/** Calls that act on the caller's own account and credentials only: no payload names anyone. */
const OWN_ACCOUNT_ONLY: Record<string, string> = {
  'auth.reauth': "re-authenticates the caller's own session",
  'mfa.settings': "reads the caller's own flags",
  'profile.deleteAccount': "erases the caller's own account, after the caller's password",
  'mfa.updateSettings': "toggles the caller's own MFA, after the caller's password",
  'mfa.setPin': "sets the caller's own MPIN, after the caller's password",
  'mfa.checkPassword': "checks the caller's own password, counted on the caller's account",
  'passkeys.registerOptions': "a challenge for the caller's own new passkey",
  'passkeys.registerVerify': "stores a passkey for the caller's own account",
  'passkeys.authOptions': "a challenge for the caller's own passkeys",
  'totp.status': "reads the caller's own authenticator app and recovery codes",
  'totp.setup': "a new authenticator secret for the caller's own account, after the password",
  'totp.confirm': "confirms the caller's own pending authenticator app",
  'totp.disable': "turns off the caller's own authenticator app, after the password",
  'totp.regenerateRecoveryCodes': "the caller's own new recovery codes, after the password",
};

describe('tenant isolation: calls naming company A, made by company B', () => {
  let t: TestApp;
  let w: TwoCompanies;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    w = await seedTwoCompanies(t);
  });
  afterAll(() => t.close());

  it('has a row, a scope check or a reason for every session-level call', () => {
    const levels = new Set(['session', 'expired-session', 'company-admin']);
    const covered = new Set([
      ...ROWS.map((row) => row.call.id),
      ...IN_SCOPE_FILE,
      ...Object.keys(OWN_ACCOUNT_ONLY),
    ]);
    const scoped = allCalls.filter((call) => levels.has(call.access)).map((call) => call.id);
    expect(scoped.filter((id) => !covered.has(id))).toEqual([]);
    expect([...covered].filter((id) => !scoped.includes(id))).toEqual([]);
  });

  describe.each(['admin', 'owner'] as const)('as B %s', (role) => {
    it.each(ROWS.map((row) => [`${row.call.id}: ${row.what}`, row] as const))(
      '%s is refused and changes nothing',
      async (_name, row) => {
        const caller = w.b[role];
        // A fresh activity time: the guard then has no reason to touch the session row.
        await t.db.prisma.session.update({
          where: { id: caller.session.id },
          data: { lastSeenAt: new Date() },
        });
        const input = row.input(w);
        const before = await tableFingerprint(t.db);

        const res = await sendCall(t, row.call, input, { cookie: caller.session.cookie });

        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toMatchObject({ Code: row.code });
        const sent = JSON.stringify(input);
        for (const secret of secretsOfA(w).filter((value) => !sent.includes(value))) {
          expect(res.body).not.toContain(secret);
        }
        expect(await tableFingerprint(t.db)).toEqual(before);
      },
    );
  });
});
