import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID, apps as appCalls } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';
import { tinyGif, tinyPng, uploadForm } from '../files/test-images.js';

describe('applications (platform administration)', () => {
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
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/v1/apps', headers: { cookie: admin } })).json();

  it('lists applications with their clients as JSON text, secrets masked', async () => {
    const app = await createApp(t, { name: 'Ledger', status: 2 });
    const client = await createClient(t, { appId: app.id, description: 'Ledger web' });
    const body = await list();
    expect(body.Code).toBe('200');
    expect(body.Msg.apps).toContainEqual({
      id: app.id,
      name: 'Ledger',
      desc: '',
      status: 2,
      link: '',
      icons: '',
      iconl: '',
      clients: [client.id],
    });
    const text: string = body.Msg.clients[app.id];
    expect(text).not.toContain(client.secret);
    const [listed] = appCalls.parseClientList(text);
    expect(listed).toMatchObject({
      id: client.id,
      desc: 'Ledger web',
      app: app.id,
      platform: 'web',
      session_activity_timeout: 60,
      session_ttl: 604800,
      device_limit: 5,
      login_retry_limit: 5,
      allow_multiple_sessions: true,
    });
    expect(listed?.secret).toBe(
      `${client.secret.slice(0, 3)}${'*'.repeat(client.secret.length - 6)}${client.secret.slice(-3)}`,
    );
  });

  it('refuses a company administrator of another company', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/apps',
      headers: { cookie: tenantAdmin },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().Code).toBe('forbidden');
  });

  it('adds an application with the built-in roles; a taken id is app_enrolled', async () => {
    const id = unique('app');
    const res = await post(admin, '/v1/apps/add', { id, name: 'Payments', desc: 'Pay things' });
    expect(res.statusCode).toBe(200);
    const row = await t.db.prisma.application.findUniqueOrThrow({
      where: { id },
      include: { roles: { orderBy: { id: 'asc' } } },
    });
    expect(row).toMatchObject({ name: 'Payments', description: 'Pay things', status: 0 });
    expect(row.roles.map((role) => role.id)).toEqual(['admin', 'owner']);
    const again = await post(admin, '/v1/apps/add', { id, name: 'Again', desc: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().Code).toBe('app_enrolled');
    expect(await t.db.prisma.application.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: 'Payments',
    });
  });

  it.each([
    ['a missing name', { desc: '' }],
    ['an id with a slash', { id: 'a/b', name: 'X', desc: '' }],
    ['an over-long description', { name: 'X', desc: 'x'.repeat(501) }],
    ['a wrong type', { name: 7, desc: '' }],
    ['an extra field', { name: 'X', desc: '', status: 3 }],
  ])('refuses adding with %s (incomplete_param), adding nothing', async (_, payload) => {
    const id = unique('app');
    const res = await post(admin, '/v1/apps/add', { id, ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
    expect(await t.db.prisma.application.count({ where: { id: { in: [id, 'a/b'] } } })).toBe(0);
  });

  it('refuses adding for a tenant administrator, adding nothing', async () => {
    const id = unique('app');
    expect((await post(tenantAdmin, '/v1/apps/add', { id, name: 'X', desc: '' })).json().Code).toBe(
      'forbidden',
    );
    expect(await t.db.prisma.application.findUnique({ where: { id } })).toBeNull();
  });

  it('updates name, description, status and link', async () => {
    const app = await createApp(t);
    const res = await post(admin, '/v1/apps/update', {
      id: app.id,
      name: 'Renamed',
      desc: 'Now described',
      status: 4,
      link: 'https://ledger.example.test/',
    });
    expect(res.statusCode).toBe(200);
    expect(
      await t.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } }),
    ).toMatchObject({
      name: 'Renamed',
      description: 'Now described',
      status: 4,
      link: 'https://ledger.example.test/',
    });
    await post(admin, '/v1/apps/update', { id: app.id, name: 'R', desc: '', status: 0, link: '' });
    expect(
      (await t.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } })).link,
    ).toBeNull();
    const missing = await post(admin, '/v1/apps/update', {
      id: unique('none'),
      name: 'X',
      desc: '',
      status: 1,
      link: '',
    });
    expect(missing.json().Code).toBe('not_found');
  });

  it('never disables the portal or global application', async () => {
    for (const id of ['portal', 'global']) {
      const res = await post(admin, '/v1/apps/update', {
        id,
        name: 'Off',
        desc: '',
        status: 0,
        link: '',
      });
      expect(res.json().Code).toBe('forbidden');
      expect((await t.db.prisma.application.findUniqueOrThrow({ where: { id } })).status).toBe(4);
    }
  });

  it.each([
    ['a status out of range', { status: 5 }],
    ['a fractional status', { status: 1.5 }],
    ['a javascript: link', { link: 'javascript:alert(1)' }],
    ['an over-long name', { name: 'x'.repeat(101) }],
    ['an extra field', { icons: 'x' }],
    ['a missing field', { desc: undefined }],
  ])('refuses an update with %s (incomplete_param)', async (_, change) => {
    const app = await createApp(t, { name: 'Stable' });
    const res = await post(admin, '/v1/apps/update', {
      id: app.id,
      name: 'New',
      desc: '',
      status: 1,
      link: '',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
    expect((await t.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } })).name).toBe(
      'Stable',
    );
  });

  it('removes an application with its clients, sessions, roles and access', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id });
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
    const session = await openTestSession(t, user, { clientId: client.id, companyId: company.id });

    const res = await post(admin, `/v1/apps/remove?id=${app.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.prisma.application.findUnique({ where: { id: app.id } })).toBeNull();
    expect(await t.db.prisma.client.findUnique({ where: { id: client.id } })).toBeNull();
    expect(await t.db.prisma.session.findUnique({ where: { id: session.id } })).toBeNull();
    expect(await t.db.prisma.role.count({ where: { appId: app.id } })).toBe(0);
    expect(await t.db.prisma.access.count({ where: { appId: app.id } })).toBe(0);
    expect(await t.db.prisma.user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });

  it('never removes global or portal; unknown ids are not_found', async () => {
    for (const id of ['global', 'portal']) {
      const res = await post(admin, `/v1/apps/remove?id=${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().Code).toBe('forbidden');
      expect(await t.db.prisma.application.findUnique({ where: { id } })).not.toBeNull();
    }
    expect((await post(admin, `/v1/apps/remove?id=${unique('none')}`)).json().Code).toBe(
      'not_found',
    );
  });

  it('refuses removal without an id or with a body (incomplete_param)', async () => {
    const app = await createApp(t);
    expect((await post(admin, '/v1/apps/remove')).json().Code).toBe('incomplete_param');
    expect(
      (await post(admin, `/v1/apps/remove?id=${app.id}`, { cascade: false })).json().Code,
    ).toBe('incomplete_param');
    expect(await t.db.prisma.application.findUnique({ where: { id: app.id } })).not.toBeNull();
  });

  it('refuses removal by a tenant administrator, removing nothing', async () => {
    const app = await createApp(t);
    expect((await post(tenantAdmin, `/v1/apps/remove?id=${app.id}`)).json().Code).toBe('forbidden');
    expect(await t.db.prisma.application.findUnique({ where: { id: app.id } })).not.toBeNull();
  });

  describe('icons', () => {
    const uploadIcon = (cookie: string, form: FormData) =>
      t.app.inject({ method: 'POST', url: '/v1/apps/icon', headers: { cookie }, payload: form });

    it('stores the large icon by default and the small one with small=true', async () => {
      const app = await createApp(t);
      const large = await uploadIcon(admin, uploadForm(tinyPng(), { fields: { app: app.id } }));
      expect(large.statusCode).toBe(200);
      const small = await uploadIcon(
        admin,
        uploadForm(tinyGif(), { type: 'image/gif', fields: { app: app.id, small: 'true' } }),
      );
      expect(small.statusCode).toBe(200);
      const row = await t.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
      expect(large.json().Msg).toBe(`http://localhost:1234/v1/files/${row.largeIconId}`);
      expect(small.json().Msg).toBe(`http://localhost:1234/v1/files/${row.smallIconId}`);
      const listed = (await list()).Msg.apps.find((a: { id: string }) => a.id === app.id);
      expect(listed).toMatchObject({ iconl: large.json().Msg, icons: small.json().Msg });
    });

    it('refuses an image bomb as an icon with image_too_large', async () => {
      const app = await createApp(t);
      const res = await uploadIcon(
        admin,
        uploadForm(tinyGif({ width: 60_000, height: 60_000 }), {
          type: 'image/gif',
          fields: { app: app.id },
        }),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().Code).toBe('image_too_large');
      const row = await t.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
      expect(row.largeIconId).toBeNull();
    });

    it('refuses an unknown app, a missing app field and a bad small flag', async () => {
      const count = await t.db.prisma.storedImage.count();
      const unknown = await uploadIcon(
        admin,
        uploadForm(tinyPng(), { fields: { app: unique('x') } }),
      );
      expect(unknown.json().Code).toBe('not_found');
      expect((await uploadIcon(admin, uploadForm(tinyPng()))).json().Code).toBe('incomplete_param');
      const app = await createApp(t);
      const bad = await uploadIcon(
        admin,
        uploadForm(tinyPng(), { fields: { app: app.id, small: 'maybe' } }),
      );
      expect(bad.json().Code).toBe('incomplete_param');
      expect(await t.db.prisma.storedImage.count()).toBe(count);
    });

    it('refuses a tenant administrator and a non-image', async () => {
      const app = await createApp(t);
      expect(
        (await uploadIcon(tenantAdmin, uploadForm(tinyPng(), { fields: { app: app.id } }))).json()
          .Code,
      ).toBe('forbidden');
      const text = await uploadIcon(
        admin,
        uploadForm(Buffer.from('plain text'), { fields: { app: app.id } }),
      );
      expect(text.json().Code).toBe('unsupported_media_type');
      const row = await t.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
      expect(row).toMatchObject({ smallIconId: null, largeIconId: null });
    });
  });
});
