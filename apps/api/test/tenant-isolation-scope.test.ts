import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition } from '@portico/contracts';
import { calls } from '@portico/contracts';
import { tinyPng, uploadForm } from '../src/files/test-images.js';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';
import { b64, bootstrapPlatform } from './factories.js';
import type { CallInput } from './send-call.js';
import { sendCall } from './send-call.js';
import type { TwoCompanies } from './two-companies.js';
import { companySnapshot, secretsOfA, seedTwoCompanies, sharedMember } from './two-companies.js';

/**
 * The other half of tenant isolation (tenant-isolation.test.ts names A's ids): what company B's
 * owner and admin read lists nothing of company A, and the calls that name no other company
 * (they act on B, or on a person B shares with A) change nothing of A's.
 */
type Shared = Awaited<ReturnType<typeof sharedMember>>;
type Msg = Record<string, unknown> & { users?: { email: string }[]; total?: number };

interface Read {
  call: CallDefinition;
  what: string;
  input: (w: TwoCompanies, shared: Shared) => CallInput;
  /** What the answer must show of B and must not show of A, beyond A's names. */
  check: (msg: Msg, w: TwoCompanies) => void;
}

const read = (
  call: CallDefinition,
  what: string,
  input: Read['input'],
  check: Read['check'],
): Read => ({ call, what, input, check });
const ids = (list: unknown) => (list as { id: string }[]).map((item) => item.id);
const { users, branches, company, subscriptions, devices, session, auth, profile, audit } = calls;
type Events = { company: { id: string } | null }[];
const companiesOf = (msg: Msg) => (msg.events as Events).map((event) => event.company?.id);

const READS: Read[] = [
  read(
    users.list,
    'every user, with names',
    () => ({ body: { offset: 0, prefs: true } }),
    (msg, w) => expect(msg.users?.map((row) => row.email)).not.toContain(w.a.member.email),
  ),
  read(
    users.list,
    "searched for an A member's username",
    (w) => ({ body: { offset: 0, search: w.a.member.username } }),
    (msg) => expect(msg.total).toBe(0),
  ),
  read(
    users.list,
    "searched for an A member's first name",
    (w) => ({ body: { offset: 0, search: w.a.names.fname } }),
    (msg) => expect(msg.total).toBe(0),
  ),
  read(
    users.list,
    "filtered by A's branch",
    (w) => ({ body: { offset: 0, branchFilter: w.a.branch.id } }),
    (msg) => expect(msg.total).toBe(0),
  ),
  read(
    users.roleDefinitions,
    "without A's beta app",
    () => ({}),
    (msg, w) => expect(ids(msg.apps)).not.toContain(w.betaAppId),
  ),
  read(
    branches.list,
    "B's branches",
    (w) => ({ query: { com: w.b.id } }),
    (msg, w) => expect(ids(msg.branches)).toEqual([w.b.branch.id]),
  ),
  read(
    branches.userBranches,
    "a shared member's branches",
    (w, shared) => ({ body: { com: w.b.id, userid: shared.id, offset: 0 } }),
    (msg) => expect(msg).toEqual({ branches: [], servicing: null }),
  ),
  read(
    company.details,
    'the current company',
    () => ({}),
    (msg, w) => expect(msg.id).toBe(w.b.id),
  ),
  read(
    subscriptions.list,
    "without A's beta",
    () => ({}),
    (msg, w) => expect(msg.access).toMatchObject({ [w.betaAppId]: 'dis' }),
  ),
  read(
    devices.list,
    'own devices',
    () => ({}),
    (msg, w) => expect(ids(msg.devices)).not.toContain(w.a.member.session.deviceId),
  ),
  read(
    session.companies,
    'companies to switch to',
    () => ({}),
    (msg, w) => expect(ids(msg.companies)).not.toContain(w.a.id),
  ),
  read(
    audit.list,
    'the audit trail',
    () => ({ query: {} }),
    // B's own event, and the exports B's callers made (audit.export records itself).
    (msg, w) => expect(new Set(companiesOf(msg))).toEqual(new Set([w.b.id])),
  ),
  read(
    audit.list,
    "the audit trail filtered by A's owner, member and IP",
    (w) => ({ query: { actor: w.a.owner.email, target: w.a.member.username, ip: A_EVENT_IP } }),
    (msg) => expect(msg.events).toEqual([]),
  ),
  read(
    audit.list,
    "the audit trail filtered by A's action",
    () => ({ query: { action: 'user.preference.update' } }),
    (msg) => expect(msg.events).toEqual([]),
  ),
  read(
    auth.details,
    'the session',
    () => ({}),
    (msg, w) => expect(msg.com).toMatchObject({ id: w.b.id }),
  ),
];

/** An event of company A naming its owner, member, names and company. */
const A_EVENT_IP = '198.51.100.66';
async function recordEvents(t: TestApp, w: TwoCompanies) {
  await t.db.prisma.auditEvent.createMany({
    data: [
      {
        action: 'user.preference.update',
        companyId: w.a.id,
        actorId: w.a.owner.id,
        target: w.a.member.id,
        ip: A_EVENT_IP,
        details: { email: w.a.member.email, ...w.a.names },
      },
      { action: 'branch.add', companyId: w.b.id, actorId: w.b.admin.id, ip: A_EVENT_IP },
    ],
  });
  // Only these two: what the fixtures' sign-ins recorded is not what this file checks.
  await t.db.prisma.auditEvent.deleteMany({
    where: { NOT: { ip: A_EVENT_IP } },
  });
}

interface OwnScope {
  call: CallDefinition;
  what: string;
  input: (w: TwoCompanies, t: TestApp) => Promise<CallInput>;
}

const own = (call: CallDefinition, what: string, input: OwnScope['input']): OwnScope => ({
  call,
  what,
  input,
});
const grant = (w: TwoCompanies, roles: string[]) => [{ app: w.appId, roles }];

const OWN_SCOPE: OwnScope[] = [
  own(company.update, 'renames B only', async () => ({ body: { name: 'Bravo renamed' } })),
  own(company.uploadImage, "sets B's image only", async () => ({ form: uploadForm(tinyPng()) })),
  own(company.setSecondFactorPolicy, "B's second-factor policy only", async () => ({
    body: { required: true },
  })),
  own(profile.update, 'names the caller in B only', async () => ({
    body: { dis: 'Caller', fname: 'Cal', lname: 'Ler' },
  })),
  own(profile.uploadAvatar, "sets the caller's avatar", async () => ({
    form: uploadForm(tinyPng()),
  })),
  own(subscriptions.update, 'joins the beta A is in, for B', async (w) => ({
    body: { app: w.betaAppId, status: 'beta' },
  })),
  own(subscriptions.update, 'leaves it again, for B only', async (w) => ({
    body: { app: w.betaAppId, status: 'dis' },
  })),
  own(calls.invites.send, 'invites an A member to B', async (w) => ({
    body: { email: b64(w.a.member.email), roles: grant(w, ['viewer']) },
  })),
  own(calls.invites.send, "invites A's invitee to B (A's link keeps working)", async (w) => ({
    body: { email: b64(w.a.invitee), roles: grant(w, ['editor']) },
  })),
  own(users.updateRoles, "a shared member's roles in B", async (w, t) => ({
    body: { email: (await sharedMember(t, w)).email, data: grant(w, ['editor']) },
  })),
  own(users.updatePreference, "a shared member's names in B", async (w, t) => ({
    body: { userid: (await sharedMember(t, w)).id, fname: 'Bee', lname: 'Side' },
  })),
  own(users.removeAccess, 'a shared member out of B (their A session lives on)', async (w, t) => ({
    body: { email: (await sharedMember(t, w)).email },
  })),
  own(branches.addUserBranch, "B's servicing branch for a shared member", async (w, t) => ({
    body: {
      com: w.b.id,
      userid: (await sharedMember(t, w)).id,
      branch: w.b.branch.id,
      servicing: true,
    },
  })),
  own(branches.removeUserBranch, "a shared member's B branch", async (w, t) => {
    const shared = await sharedMember(t, w);
    await t.db.prisma.userBranch.create({
      data: { userId: shared.id, companyId: w.b.id, branchId: w.b.branch.id, servicing: true },
    });
    return { body: { com: w.b.id, userid: shared.id, branch: w.b.branch.id } };
  }),
];

describe('tenant isolation: what company B reads and changes of its own', () => {
  let t: TestApp;
  let w: TwoCompanies;
  let shared: Shared;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    w = await seedTwoCompanies(t);
    shared = await sharedMember(t, w);
    await recordEvents(t, w);
  });
  afterAll(() => t.close());

  describe.each(['admin', 'owner'] as const)('as B %s', (role) => {
    it('audit.export: exports nothing of A, in either format', async () => {
      for (const format of ['csv', 'jsonl']) {
        const res = await sendCall(
          t,
          audit.exportEvents,
          { query: { format } },
          { cookie: w.b[role].session.cookie },
        );
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(w.b.id);
        for (const secret of [...secretsOfA(w), w.a.id, w.a.member.id, w.a.owner.id]) {
          expect(res.body).not.toContain(secret);
        }
      }
    });
  });

  describe.each(['admin', 'owner'] as const)('as B %s', (role) => {
    it.each(READS.map((row) => [`${row.call.id}: ${row.what}`, row] as const))(
      '%s lists nothing of A',
      async (_name, row) => {
        const input = row.input(w, shared);
        const res = await sendCall(t, row.call, input, { cookie: w.b[role].session.cookie });
        expect(res.json()).toMatchObject({ Code: '200' });
        row.check(res.json<{ Msg: Msg }>().Msg, w);
        const sent = JSON.stringify(input);
        const secrets = [...secretsOfA(w), shared.namesInA.fname, shared.namesInA.lname];
        for (const secret of secrets.filter((value) => !sent.includes(value))) {
          expect(res.body).not.toContain(secret);
        }
      },
    );
  });

  // After every read: these rows add to B (an A member invited to B, ...).
  describe.each(['admin', 'owner'] as const)('as B %s', (role) => {
    it.each(OWN_SCOPE.map((row) => [`${row.call.id}: ${row.what}`, row] as const))(
      '%s, and nothing of A changes',
      async (_name, row) => {
        const input = await row.input(w, t);
        const before = await companySnapshot(t.db, w.a.id);
        const res = await sendCall(t, row.call, input, { cookie: w.b[role].session.cookie });
        expect(res.json()).toMatchObject({ Code: '200' });
        expect(await companySnapshot(t.db, w.a.id)).toEqual(before);
      },
    );
  });
});
