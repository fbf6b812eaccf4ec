import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID, allCalls, calls } from '@portico/contracts';
import { tinyPng, uploadForm } from '../src/files/test-images.js';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';
import type { MailPeer } from './mail-peer.js';
import { startMailPeer } from './mail-peer.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  openTestSession,
  unique,
} from './factories.js';
import type { AuditRow, Caller } from './audit-trail-check.js';
import { auditRow, expectAudited } from './audit-trail-check.js';

/**
 * The audit trail of the platform administration (companies, applications, clients, roles,
 * IP lists), called by a platform administrator signed in to core1. The events name the
 * session's company, core1, as company (the target company is in `target`, `company:<id>`).
 */
interface Ctx {
  t: TestApp;
  adminId: string;
}

const app = (c: Ctx) => createApp(c.t);
const clientFields = (appId: string) => ({
  app: appId,
  desc: 'Back office',
  redirect: 'https://back.example.test/callback',
  platform: 'web',
  domain: '',
  custom_hash: false,
  allow_delete: false,
  allow_multiple_sessions: true,
});
/** Documentation addresses (RFC 5737), one per row. */
let nextIp = 0;
const listedIp = () => `203.0.113.${++nextIp}`;
const { companies, apps, clients, roles, ipLists } = calls;

const ROWS: AuditRow<Ctx>[] = [
  auditRow(companies.add, ['company.add'], async () => ({
    input: { body: { id: unique('co'), name: 'Newco' } },
  })),
  auditRow(companies.update, ['company.update'], async (c) => {
    const { id } = await createCompany(c.t);
    return { input: { body: { id, name: 'Renamed' } }, target: `company:${id}` };
  }),
  auditRow(companies.remove, ['company.remove'], async (c) => {
    const { id } = await createCompany(c.t);
    return { input: { query: { id } }, target: `company:${id}` };
  }),
  auditRow(companies.inviteOwner, ['company.owner_invite'], async (c) => {
    const email = `${unique('owner')}@example.test`;
    const com = (await createCompany(c.t)).id;
    return { input: { body: { com, email: b64(email) } }, mailTo: email, target: `company:${com}` };
  }),
  auditRow(apps.add, ['app.add'], async () => ({
    input: { body: { id: unique('app'), name: 'Ledger', desc: 'Books' } },
  })),
  auditRow(apps.update, ['app.update'], async (c) => ({
    input: { body: { id: (await app(c)).id, name: 'Ledger 2', desc: '', status: 3, link: '' } },
  })),
  auditRow(apps.remove, ['app.remove'], async (c) => ({
    input: { query: { id: (await app(c)).id } },
  })),
  auditRow(apps.uploadIcon, ['app.icon'], async (c) => ({
    input: { form: uploadForm(tinyPng(), { fields: { app: (await app(c)).id, small: 'false' } }) },
  })),
  auditRow(clients.add, ['client.add'], async (c) => ({
    input: { body: clientFields((await app(c)).id) },
  })),
  auditRow(clients.update, ['client.update'], async (c) => {
    const client = await createClient(c.t, { appId: (await app(c)).id });
    return {
      input: { body: { ...clientFields(client.appId), id: client.id, secret: '********' } },
      secrets: [client.secret],
    };
  }),
  auditRow(clients.update, ['client.update', 'client.secret.rotate'], async (c) => {
    const client = await createClient(c.t, { appId: (await app(c)).id });
    return {
      input: { body: { ...clientFields(client.appId), id: client.id, secret: 'rotate' } },
      secrets: [client.secret],
    };
  }),
  auditRow(clients.remove, ['client.remove'], async (c) => {
    const client = await createClient(c.t, { appId: (await app(c)).id });
    return { input: { query: { id: client.id } }, secrets: [client.secret] };
  }),
  auditRow(roles.add, ['role.add'], async (c) => ({
    input: { body: { id: 'auditor', name: 'Auditor', desc: '', app: (await app(c)).id } },
  })),
  auditRow(roles.remove, ['role.remove'], async (c) => ({
    // createApp gives the application the roles viewer and editor.
    input: { query: { id: 'editor', app: (await app(c)).id } },
  })),
  auditRow(ipLists.addWhitelist, ['ip.whitelist_add'], async () => ({
    input: { body: { ip: listedIp(), description: 'Office' } },
  })),
  auditRow(ipLists.removeWhitelist, ['ip.whitelist_remove'], async (c) => {
    const ip = listedIp();
    await c.t.db.prisma.ipWhitelistEntry.create({ data: { ip, addedById: c.adminId } });
    return { input: { body: { ip } } };
  }),
  auditRow(ipLists.unban, ['ip.unban'], async (c) => {
    const ip = listedIp();
    const expiresAt = new Date(Date.now() + 3_600_000);
    await c.t.db.prisma.ipBan.create({ data: { ip, reason: 'rate_limit', expiresAt } });
    return { input: { body: { ip } } };
  }),
];

describe('audit trail of the platform administration', () => {
  let t: TestApp;
  let peer: MailPeer;
  let ctx: Ctx;
  let admin: Caller;
  let adminPassword: string;

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    const platformAdmin = await bootstrapPlatform(t);
    adminPassword = platformAdmin.password;
    const session = await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID });
    admin = {
      id: platformAdmin.id,
      cookie: session.cookie,
      token: session.token,
      companyId: PLATFORM_COMPANY_ID,
    };
    ctx = { t, adminId: platformAdmin.id };
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('has a row for every change a platform administrator can make', () => {
    const changes = allCalls
      .filter((call) => call.access === 'platform-admin' && call.method === 'POST')
      .map((call) => call.id);
    const rows = new Set(ROWS.map((row) => row.call.id));
    expect(changes.filter((id) => !rows.has(id))).toEqual([]);
  });

  it.each(ROWS.map((row, index) => [row.actions.join(' + '), row, index] as const))(
    '%s records who, what, where, when and from which IP',
    async (_name, row, index) => {
      const prepared = await row.prepare(ctx);
      const ip = `198.51.100.${index + 1}`;
      await expectAudited(t, peer, {
        row,
        prepared,
        caller: admin,
        ip,
        secrets: [adminPassword, b64(adminPassword)],
      });
    },
  );
});
