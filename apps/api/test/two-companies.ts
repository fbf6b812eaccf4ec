import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db.js';
import { sha256 } from '../src/credentials/tokens.js';
import type { TestApp } from './harness.js';
import type { TestSession, TestUser } from './factories.js';
import {
  createApp,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from './factories.js';

/**
 * Two tenants for the isolation tests: company A full of data (members with access, names,
 * a pending invitation, branches and assignments, a beta subscription, devices), and company B
 * whose owner and admin try to reach it. Every name of A is unique, so a test can tell whether
 * an answer carries any of it.
 */
export type Member = TestUser & { session: TestSession };
export interface Branch {
  id: string;
  name: string;
}

export interface TwoCompanies {
  /** A released application (roles viewer, editor) every company may grant. */
  appId: string;
  /** A beta application (status 2): A joined its beta, B did not. */
  betaAppId: string;
  a: {
    id: string;
    name: string;
    owner: Member;
    admin: Member;
    member: Member;
    /** Names of `member` in A (user_preferences). */
    names: { fname: string; lname: string };
    /** A device of `member` other than its session's. */
    deviceId: string;
    /** E-mail of a pending invitation to the app (no account). */
    invitee: string;
    branch: Branch;
  };
  b: { id: string; owner: Member; admin: Member; member: Member; branch: Branch };
}

const hex = () => randomBytes(4).toString('hex');

export async function addBranch(t: TestApp, companyId: string, prefix: string): Promise<Branch> {
  const branch = { id: unique(prefix), name: `Branch ${prefix} ${hex()}` };
  await t.db.prisma.branch.create({ data: { companyId, ...branch } });
  return branch;
}

export async function setNames(t: TestApp, userId: string, companyId: string) {
  const names = { fname: `Fn${hex()}`, lname: `Ln${hex()}` };
  await t.db.prisma.userPreference.create({ data: { userId, companyId, ...names } });
  return names;
}

/** A verified member of a company: no company role, viewer of the app, a session there. */
export async function appMember(t: TestApp, companyId: string, appId: string): Promise<Member> {
  const member = await signedInMember(t, companyId, []);
  await grantAccess(t, { companyId, appId, user: member, roles: ['viewer'] });
  return member;
}

export async function seedTwoCompanies(t: TestApp): Promise<TwoCompanies> {
  const app = await createApp(t, { status: 3 });
  const betaApp = await createApp(t, { status: 2 });
  const companyA = await createCompany(t, { name: `Alpha ${hex()}` });
  const companyB = await createCompany(t, { name: `Bravo ${hex()}` });
  const A = companyA.id;
  const B = companyB.id;

  const member = await appMember(t, A, app.id);
  const device = await t.db.prisma.device.create({
    data: {
      userId: member.id,
      fingerprintHash: sha256(unique('fp')),
      name: 'A phone',
      type: 'mobile',
    },
  });
  const invitee = `${unique('invitee')}@example.test`;
  await grantAccess(t, {
    companyId: A,
    appId: app.id,
    email: invitee,
    roles: ['viewer'],
    status: 'pending',
  });
  const branch = await addBranch(t, A, 'a-branch');
  await t.db.prisma.userBranch.create({
    data: { userId: member.id, companyId: A, branchId: branch.id, servicing: true },
  });
  await t.db.prisma.companySubscription.create({
    data: { companyId: A, appId: betaApp.id, status: 'beta' },
  });

  const bMember = await appMember(t, B, app.id);
  return {
    appId: app.id,
    betaAppId: betaApp.id,
    a: {
      id: A,
      name: companyA.name,
      owner: await signedInMember(t, A, ['owner']),
      admin: await signedInMember(t, A, ['admin']),
      member,
      names: await setNames(t, member.id, A),
      deviceId: device.id,
      invitee,
      branch,
    },
    b: {
      id: B,
      owner: await signedInMember(t, B, ['owner']),
      admin: await signedInMember(t, B, ['admin']),
      member: bMember,
      branch: await addBranch(t, B, 'b-branch'),
    },
  };
}

/**
 * A person in both companies: viewer of the app in each, names and the servicing branch in A,
 * a session whose current company is A. What B does to them must leave A's side alone.
 */
export async function sharedMember(t: TestApp, w: TwoCompanies) {
  const user = await createUser(t);
  for (const companyId of [w.a.id, w.b.id]) {
    await grantAccess(t, { companyId, user, roles: [] });
    await grantAccess(t, { companyId, appId: w.appId, user, roles: ['viewer'] });
  }
  const names = await setNames(t, user.id, w.a.id);
  await t.db.prisma.userBranch.create({
    data: { userId: user.id, companyId: w.a.id, branchId: w.a.branch.id, servicing: true },
  });
  const sessionInA = await openTestSession(t, user, { companyId: w.a.id });
  return { ...user, namesInA: names, sessionInA };
}

/** What only company A knows: none of it may appear in an answer to B. */
export function secretsOfA(w: TwoCompanies): string[] {
  const { a } = w;
  return [
    a.name,
    a.owner.email,
    a.admin.email,
    a.member.email,
    a.member.username,
    a.member.displayName,
    a.names.fname,
    a.names.lname,
    a.invitee,
    a.branch.name,
    a.deviceId,
  ];
}

/**
 * Every row of company A's own tables (and of its members' accounts and devices), hashed per
 * table: equal before and after a call means the call changed nothing of A.
 */
export async function companySnapshot(db: Database, companyId: string) {
  const members = `SELECT user_id FROM access WHERE company_id = $1`;
  const scoped: Record<string, string> = {
    companies: `SELECT t.* FROM companies t WHERE t.id = $1`,
    access: `SELECT t.* FROM access t WHERE t.company_id = $1`,
    access_roles: `SELECT t.* FROM access_roles t JOIN access x ON x.id = t.access_id WHERE x.company_id = $1`,
    user_preferences: `SELECT t.* FROM user_preferences t WHERE t.company_id = $1`,
    branches: `SELECT t.* FROM branches t WHERE t.company_id = $1`,
    user_branches: `SELECT t.* FROM user_branches t WHERE t.company_id = $1`,
    company_subscriptions: `SELECT t.* FROM company_subscriptions t WHERE t.company_id = $1`,
    sessions: `SELECT t.* FROM sessions t WHERE t.current_company_id = $1`,
    users: `SELECT t.* FROM users t WHERE t.id IN (${members})`,
    devices: `SELECT t.* FROM devices t WHERE t.user_id IN (${members})`,
  };
  const parts = Object.entries(scoped).map(
    ([name, sql]) =>
      `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(r::text, ',' ORDER BY r::text)), '') FROM (${sql}) r) AS "${name}"`,
  );
  const rows = await db.prisma.$queryRawUnsafe<Record<string, string>[]>(
    `SELECT ${parts.join(', ')}`,
    companyId,
  );
  return rows[0] ?? {};
}
