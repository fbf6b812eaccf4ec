import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls, calls } from '@portico/contracts';
import { hashSecret } from '../src/credentials/argon2.js';
import { sha256 } from '../src/credentials/tokens.js';
import { tinyPng, uploadForm } from '../src/files/test-images.js';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';
import type { MailPeer } from './mail-peer.js';
import { startMailPeer } from './mail-peer.js';
import {
  GOOD_PASSWORD,
  b64,
  bootstrapPlatform,
  createApp,
  createCompany,
  grantAccess,
  signedInMember,
  unique,
} from './factories.js';
import type { AuditRow, Caller } from './audit-trail-check.js';
import { auditRow, expectAudited } from './audit-trail-check.js';
import { addBranch, appMember } from './two-companies.js';

/**
 * "Every change made through these calls records who, what, which company, when and from which
 * IP." Each row makes one valid, successful change as the owner of a company (or, for the
 * caller's own MFA settings, a member of it) from its own peer address; expectAudited checks
 * the events. Platform calls are in audit-trail-platform.test.ts.
 */
interface Ctx {
  t: TestApp;
  companyId: string;
  appId: string;
  betaAppId: string;
  owner: Caller;
}

const asCaller = (m: Awaited<ReturnType<typeof signedInMember>>, companyId: string): Caller => ({
  id: m.id,
  cookie: m.session.cookie,
  token: m.session.token,
  companyId,
});
const member = (c: Ctx) => appMember(c.t, c.companyId, c.appId);
const pending = async (c: Ctx) => {
  const email = `${unique('invitee')}@example.test`;
  await grantAccess(c.t, {
    companyId: c.companyId,
    appId: c.appId,
    email,
    roles: ['viewer'],
    status: 'pending',
  });
  return email;
};
const ownDevice = async (c: Ctx) => {
  const data = {
    userId: c.owner.id,
    fingerprintHash: sha256(unique('fp')),
    name: 'Old laptop',
    type: 'desktop',
  };
  return (await c.t.db.prisma.device.create({ data })).id;
};
const PIN = '482916';
const { users, invites, branches, company, profile, subscriptions, devices, mfa } = calls;

const ROWS: AuditRow<Ctx>[] = [
  auditRow(users.updateRoles, ['user.roles.update'], async (c) => ({
    input: {
      body: { email: (await member(c)).email, data: [{ app: c.appId, roles: ['editor'] }] },
    },
  })),
  auditRow(users.updatePreference, ['user.preference.update'], async (c) => ({
    input: { body: { userid: (await member(c)).id, fname: 'Ann', lname: 'Lee' } },
  })),
  auditRow(users.resetPassword, ['user.password.reset'], async (c) => {
    const target = await member(c);
    return { input: { body: { username: target.username } }, mailTo: target.email };
  }),
  auditRow(users.removeAccess, ['user.access.remove'], async (c) => ({
    input: { body: { email: (await member(c)).email } },
  })),
  auditRow(invites.send, ['invite.send'], async (c) => {
    const email = `${unique('new')}@example.test`;
    return {
      input: { body: { email: b64(email), roles: [{ app: c.appId, roles: ['viewer'] }] } },
      mailTo: email,
    };
  }),
  auditRow(invites.resend, ['invite.resend'], async (c) => {
    const email = await pending(c);
    return { input: { body: { email, app: c.appId } }, mailTo: email };
  }),
  auditRow(invites.remove, ['invite.remove'], async (c) => ({
    input: { body: { email: await pending(c), app: c.appId } },
  })),
  auditRow(branches.add, ['branch.add'], async (c) => ({
    input: { body: { branchid: unique('br'), name: 'North', com: c.companyId } },
  })),
  auditRow(branches.update, ['branch.update'], async (c) => ({
    input: {
      body: { id: (await addBranch(c.t, c.companyId, 'br')).id, com: c.companyId, name: 'South' },
    },
  })),
  auditRow(branches.remove, ['branch.remove'], async (c) => ({
    input: { query: { com: c.companyId, id: (await addBranch(c.t, c.companyId, 'br')).id } },
  })),
  auditRow(branches.addUserBranch, ['user.branch.add'], async (c) => {
    const branch = await addBranch(c.t, c.companyId, 'br');
    const body = {
      com: c.companyId,
      userid: (await member(c)).id,
      branch: branch.id,
      servicing: true,
    };
    return { input: { body } };
  }),
  auditRow(branches.removeUserBranch, ['user.branch.remove'], async (c) => {
    const branch = await addBranch(c.t, c.companyId, 'br');
    const target = await member(c);
    await c.t.db.prisma.userBranch.create({
      data: { userId: target.id, companyId: c.companyId, branchId: branch.id },
    });
    return { input: { body: { com: c.companyId, userid: target.id, branch: branch.id } } };
  }),
  auditRow(company.update, ['company.profile_update'], async () => ({
    input: { body: { name: 'Renamed company' } },
  })),
  auditRow(company.uploadImage, ['company.image'], async () => ({
    input: { form: uploadForm(tinyPng()) },
  })),
  auditRow(company.setSecondFactorPolicy, ['company.second_factor_policy'], async () => ({
    input: { body: { required: true } },
  })),
  auditRow(profile.update, ['profile.update'], async () => ({
    input: { body: { dis: 'Olive Owner', fname: 'Olive', lname: 'Owner' } },
  })),
  auditRow(profile.uploadAvatar, ['profile.avatar'], async () => ({
    input: { form: uploadForm(tinyPng()) },
  })),
  auditRow(subscriptions.update, ['subscription.update'], async (c) => ({
    input: { body: { app: c.betaAppId, status: 'beta' } },
  })),
  auditRow(devices.setStatus, ['device.block'], async (c) => ({
    input: { body: { id: await ownDevice(c), status: 'blocked' } },
  })),
  auditRow(devices.remove, ['device.remove'], async (c) => ({
    input: { body: { id: await ownDevice(c) } },
  })),
  auditRow(mfa.setPin, ['mfa.pin_set'], async (c) => ({
    input: { body: { pin: PIN, password: b64(GOOD_PASSWORD) } },
    caller: asCaller(await member(c), c.companyId),
    secrets: [PIN],
  })),
  auditRow(mfa.updateSettings, ['mfa.settings_update'], async (c) => {
    const caller = await member(c);
    await c.t.db.prisma.pin.create({ data: { userId: caller.id, hash: await hashSecret(PIN) } });
    return {
      input: { body: { enable_pin: true, password: b64(GOOD_PASSWORD) } },
      caller: asCaller(caller, c.companyId),
      secrets: [PIN],
    };
  }),
  // Last: the owner hands the company over and is an admin afterwards.
  auditRow(users.transferOwnership, ['company.owner_transfer'], async (c) => ({
    input: { body: { email: (await member(c)).email } },
  })),
];

/** POST calls of the administration that only read. */
const READS = new Set(['users.list', 'branches.userBranches']);

describe('audit trail of company administration and own-account changes', () => {
  let t: TestApp;
  let peer: MailPeer;
  let ctx: Ctx;

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    await bootstrapPlatform(t);
    const companyId = (await createCompany(t)).id;
    const owner = asCaller(await signedInMember(t, companyId, ['owner']), companyId);
    const appId = (await createApp(t, { status: 3 })).id;
    const betaAppId = (await createApp(t, { status: 2 })).id;
    ctx = { t, companyId, appId, betaAppId, owner };
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('has a row for every change a company administrator can make', () => {
    const changes = allCalls
      .filter((call) => call.access === 'company-admin' && call.method === 'POST')
      .map((call) => call.id)
      .filter((id) => !READS.has(id));
    const rows = new Set(ROWS.map((row) => row.call.id));
    expect(changes.filter((id) => !rows.has(id))).toEqual([]);
  });

  it.each(ROWS.map((row, index) => [row.call.id, row, index] as const))(
    '%s records who, what, where, when and from which IP',
    async (_id, row, index) => {
      const prepared = await row.prepare(ctx);
      const ip = `192.0.2.${index + 1}`;
      await expectAudited(t, peer, {
        row,
        prepared,
        caller: prepared.caller ?? ctx.owner,
        ip,
        secrets: [GOOD_PASSWORD, b64(GOOD_PASSWORD)],
      });
    },
  );
});
