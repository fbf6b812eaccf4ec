import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID, PORTAL_CLIENT_ID, apps as appCalls } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';

describe('clients (platform administration)', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
    const tenant = await createCompany(t);
    tenantAdmin = (await signedInMember(t, tenant.id, ['owner', 'admin'])).session.cookie;
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });
  const fields = (app: string, change: Record<string, unknown> = {}) => ({
    app,
    desc: 'Teller web',
    redirect: 'https://teller.example.test/callback',
    platform: 'web',
    domain: 'teller.example.test',
    custom_hash: false,
    allow_delete: false,
    allow_multiple_sessions: true,
    ...change,
  });

  describe('add', () => {
    it('answers the whole secret once and stores only its hash and mask', async () => {
      const app = await createApp(t);
      const res = await post(admin, '/v1/clients/add', fields(app.id));
      expect(res.statusCode).toBe(200);
      const { client_id: id, client_secret: secret } = res.json().Msg;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(secret.length).toBeGreaterThanOrEqual(43);

      const row = await t.db.prisma.client.findUniqueOrThrow({ where: { id } });
      expect(row.secretHash).not.toBe(secret);
      expect(row.secretHash).toBe(sha256(secret));
      expect(row.secretMask).toBe(
        `${secret.slice(0, 3)}${'*'.repeat(secret.length - 6)}${secret.slice(-3)}`,
      );
      expect(row).toMatchObject({
        appId: app.id,
        description: 'Teller web',
        platform: 'web',
        sessionActivityTimeout: 60,
        sessionTtl: 604800,
        deviceLimit: 5,
        loginRetryLimit: 5,
        allowMultipleSessions: true,
      });

      const list = await t.app.inject({
        method: 'GET',
        url: '/v1/apps',
        headers: { cookie: admin },
      });
      const text: string = list.json().Msg.clients[app.id];
      expect(text).not.toContain(secret);
      expect(appCalls.parseClientList(text)[0]?.secret).toBe(row.secretMask);

      const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'client.add', target: `client:${id}` },
      });
      expect(JSON.stringify(audit.details)).not.toContain(secret);
    });

    it('forces custom hashing off for Web and keeps it for other platforms', async () => {
      const app = await createApp(t);
      const web = await post(admin, '/v1/clients/add', fields(app.id, { custom_hash: true }));
      const ios = await post(
        admin,
        '/v1/clients/add',
        fields(app.id, {
          platform: 'ios',
          custom_hash: true,
          redirect: 'https://app.example.test/cb',
        }),
      );
      const webRow = await t.db.prisma.client.findUniqueOrThrow({
        where: { id: web.json().Msg.client_id },
      });
      const iosRow = await t.db.prisma.client.findUniqueOrThrow({
        where: { id: ios.json().Msg.client_id },
      });
      expect(webRow.customHash).toBe(false);
      expect(iosRow).toMatchObject({ platform: 'ios', customHash: true });
    });

    it('keeps the given timeout and TTL, and accepts http only for localhost', async () => {
      const app = await createApp(t);
      const res = await post(
        admin,
        '/v1/clients/add',
        fields(app.id, {
          session_activity_timeout: 86400,
          session_ttl: 3600,
          redirect: 'http://localhost:5173/callback',
        }),
      );
      expect(res.statusCode).toBe(200);
      const row = await t.db.prisma.client.findUniqueOrThrow({
        where: { id: res.json().Msg.client_id },
      });
      expect(row).toMatchObject({ sessionActivityTimeout: 86400, sessionTtl: 3600 });
      const loopback = await post(
        admin,
        '/v1/clients/add',
        fields(app.id, { redirect: 'http://127.0.0.1:8080/cb' }),
      );
      expect(loopback.statusCode).toBe(200);
    });

    it.each([
      ['an activity timeout under 60', { session_activity_timeout: 59 }],
      ['an activity timeout over a day', { session_activity_timeout: 86401 }],
      ['a TTL under an hour', { session_ttl: 3599 }],
      ['a TTL over 30 days', { session_ttl: 2592001 }],
      ['a plain http redirect', { redirect: 'http://teller.example.test/callback' }],
      ['a relative redirect', { redirect: '/callback' }],
      ['a redirect with a fragment', { redirect: 'https://teller.example.test/cb#x' }],
      ['an unknown platform', { platform: 'windows' }],
      ['a capitalised platform', { platform: 'Web' }],
      ['a missing name', { desc: '' }],
      ['a wrong type', { allow_delete: 'yes' }],
      ['an over-long name', { desc: 'x'.repeat(101) }],
      ['an extra field', { secret_hash: 'mine' }],
      ['a device limit (update only)', { device_limit: 5 }],
    ])('refuses %s with incomplete_param, adding nothing', async (_, change) => {
      const app = await createApp(t);
      const res = await post(admin, '/v1/clients/add', fields(app.id, change));
      expect(res.statusCode).toBe(400);
      expect(res.json().Code).toBe('incomplete_param');
      expect(await t.db.prisma.client.count({ where: { appId: app.id } })).toBe(0);
    });

    it('allows multiple sessions by default when the field is left out', async () => {
      const app = await createApp(t);
      const { allow_multiple_sessions: _omitted, ...rest } = fields(app.id);
      const res = await post(admin, '/v1/clients/add', rest);
      expect(res.statusCode).toBe(200);
      const row = await t.db.prisma.client.findUniqueOrThrow({
        where: { id: res.json().Msg.client_id },
      });
      expect(row.allowMultipleSessions).toBe(true);
    });

    it('answers not_found for an unknown application', async () => {
      const res = await post(admin, '/v1/clients/add', fields(unique('none')));
      expect(res.statusCode).toBe(404);
      expect(res.json().Code).toBe('not_found');
    });

    it('refuses a tenant administrator, adding nothing', async () => {
      const app = await createApp(t);
      const res = await post(tenantAdmin, '/v1/clients/add', fields(app.id));
      expect(res.json().Code).toBe('forbidden');
      expect(await t.db.prisma.client.count({ where: { appId: app.id } })).toBe(0);
    });
  });

  describe('update', () => {
    it('changes the settings and keeps the secret when not rotating', async () => {
      const app = await createApp(t);
      const client = await createClient(t, { appId: app.id });
      const before = await t.db.prisma.client.findUniqueOrThrow({ where: { id: client.id } });
      const res = await post(admin, '/v1/clients/update', {
        ...fields(app.id, { desc: 'Renamed', platform: 'android', custom_hash: true }),
        id: client.id,
        secret: before.secretMask,
        device_limit: 100,
        login_retry_limit: 3,
        session_ttl: 2592000,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().Msg).toEqual({});
      const after = await t.db.prisma.client.findUniqueOrThrow({ where: { id: client.id } });
      expect(after).toMatchObject({
        description: 'Renamed',
        platform: 'android',
        customHash: true,
        deviceLimit: 100,
        loginRetryLimit: 3,
        sessionTtl: 2592000,
        sessionActivityTimeout: before.sessionActivityTimeout,
        secretHash: before.secretHash,
      });
    });

    it('rotates the secret on "rotate", answering the new one once', async () => {
      const app = await createApp(t);
      const client = await createClient(t, { appId: app.id });
      const res = await post(admin, '/v1/clients/update', {
        ...fields(app.id),
        id: client.id,
        secret: 'rotate',
      });
      const secret: string = res.json().Msg.client_secret;
      expect(secret).not.toBe(client.secret);
      const row = await t.db.prisma.client.findUniqueOrThrow({ where: { id: client.id } });
      expect(row.secretHash).toBe(sha256(secret));
      expect(row.secretRotatedAt).not.toBeNull();
      expect(
        await t.db.prisma.auditEvent.count({
          where: { action: 'client.secret.rotate', target: `client:${client.id}` },
        }),
      ).toBe(1);
    });

    it.each([
      ['a device limit of 0', { device_limit: 0 }],
      ['a device limit over 100', { device_limit: 101 }],
      ['a retry limit under 3', { login_retry_limit: 2 }],
      ['a retry limit over 20', { login_retry_limit: 21 }],
      ['a text device limit', { device_limit: 'five' }],
      ['no id', { id: undefined }],
    ])('refuses %s with incomplete_param', async (_, change) => {
      const app = await createApp(t);
      const client = await createClient(t, { appId: app.id });
      const res = await post(admin, '/v1/clients/update', {
        ...fields(app.id, { desc: 'Changed' }),
        id: client.id,
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().Code).toBe('incomplete_param');
      const row = await t.db.prisma.client.findUniqueOrThrow({ where: { id: client.id } });
      expect(row.description).not.toBe('Changed');
    });

    it('answers not_found for an unknown client or a client of another application', async () => {
      const app = await createApp(t);
      const other = await createApp(t);
      const client = await createClient(t, { appId: app.id, description: 'Mine' });
      const foreign = await post(admin, '/v1/clients/update', {
        ...fields(other.id, { desc: 'Moved' }),
        id: client.id,
      });
      expect(foreign.json().Code).toBe('not_found');
      expect(
        (await t.db.prisma.client.findUniqueOrThrow({ where: { id: client.id } })).description,
      ).toBe('Mine');
      const unknown = await post(admin, '/v1/clients/update', { ...fields(app.id), id: 'nope' });
      expect(unknown.json().Code).toBe('not_found');
    });

    it('refuses a tenant administrator, changing nothing', async () => {
      const app = await createApp(t);
      const client = await createClient(t, { appId: app.id, description: 'Mine' });
      const res = await post(tenantAdmin, '/v1/clients/update', {
        ...fields(app.id, { desc: 'Theirs' }),
        id: client.id,
        secret: 'rotate',
      });
      expect(res.json().Code).toBe('forbidden');
      const row = await t.db.prisma.client.findUniqueOrThrow({ where: { id: client.id } });
      expect(row.description).toBe('Mine');
      expect(row.secretHash).toBe(sha256(client.secret));
    });
  });

  describe('remove', () => {
    it('deletes the client and its sessions', async () => {
      const app = await createApp(t);
      const client = await createClient(t, { appId: app.id });
      const user = await createUser(t);
      const session = await openTestSession(t, user, { clientId: client.id });
      const res = await post(admin, `/v1/clients/remove?id=${client.id}`);
      expect(res.statusCode).toBe(200);
      expect(await t.db.prisma.client.findUnique({ where: { id: client.id } })).toBeNull();
      expect(await t.db.prisma.session.findUnique({ where: { id: session.id } })).toBeNull();
    });

    it("never removes the portal's own client; unknown ids are not_found", async () => {
      const res = await post(admin, `/v1/clients/remove?id=${PORTAL_CLIENT_ID}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().Code).toBe('forbidden');
      expect(
        await t.db.prisma.client.findUnique({ where: { id: PORTAL_CLIENT_ID } }),
      ).not.toBeNull();
      expect((await post(admin, '/v1/clients/remove?id=unknown-client')).json().Code).toBe(
        'not_found',
      );
    });

    it('refuses a tenant administrator and bad input, removing nothing', async () => {
      const app = await createApp(t);
      const client = await createClient(t, { appId: app.id });
      expect((await post(tenantAdmin, `/v1/clients/remove?id=${client.id}`)).json().Code).toBe(
        'forbidden',
      );
      expect((await post(admin, '/v1/clients/remove')).json().Code).toBe('incomplete_param');
      expect(
        (await post(admin, `/v1/clients/remove?id=${client.id}`, { force: true })).json().Code,
      ).toBe('incomplete_param');
      expect(await t.db.prisma.client.findUnique({ where: { id: client.id } })).not.toBeNull();
    });
  });
});
