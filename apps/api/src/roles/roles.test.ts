import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';

describe('roles (platform administration)', () => {
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

  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });

  it("lists an application's roles", async () => {
    const app = await createApp(t, { roles: ['viewer', 'editor'] });
    const res = await get(admin, `/v1/roles?app=${app.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().Msg.roles).toEqual([
      { id: 'viewer', name: 'viewer', desc: '' },
      { id: 'editor', name: 'editor', desc: '' },
    ]);
    const global = await get(admin, '/v1/roles?app=global');
    expect(
      global
        .json()
        .Msg.roles.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual(['admin', 'owner']);
    expect((await get(admin, `/v1/roles?app=${unique('none')}`)).json().Code).toBe('not_found');
    expect((await get(admin, '/v1/roles')).json().Code).toBe('incomplete_param');
    expect((await get(tenantAdmin, `/v1/roles?app=${app.id}`)).json().Code).toBe('forbidden');
  });

  it('adds a role; the same id in the same app is app_enrolled, in another app fine', async () => {
    const app = await createApp(t, { roles: [] });
    const other = await createApp(t, { roles: [] });
    const role = { id: 'auditor', name: 'Auditor', desc: 'Reads the books' };
    const res = await post(admin, '/v1/roles/add', { ...role, app: app.id });
    expect(res.statusCode).toBe(200);
    expect(
      await t.db.prisma.role.findUnique({ where: { appId_id: { appId: app.id, id: 'auditor' } } }),
    ).toMatchObject({ name: 'Auditor', description: 'Reads the books' });
    const again = await post(admin, '/v1/roles/add', { ...role, name: 'Other', app: app.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().Code).toBe('app_enrolled');
    expect((await post(admin, '/v1/roles/add', { ...role, app: other.id })).statusCode).toBe(200);
    expect((await post(admin, '/v1/roles/add', { ...role, app: unique('none') })).json().Code).toBe(
      'not_found',
    );
  });

  it.each([
    ['a missing app', { id: 'r1', name: 'R', desc: '' }],
    ['an id with spaces', { id: 'r 1', name: 'R', desc: '', app: 'global' }],
    ['an empty name', { id: 'r1', name: '', desc: '', app: 'global' }],
    ['an over-long description', { id: 'r1', name: 'R', desc: 'x'.repeat(501), app: 'global' }],
    ['a wrong type', { id: 1, name: 'R', desc: '', app: 'global' }],
    ['an extra field', { id: 'r1', name: 'R', desc: '', app: 'global', builtIn: true }],
  ])('refuses adding with %s (incomplete_param)', async (_, payload) => {
    const count = await t.db.prisma.role.count();
    const res = await post(admin, '/v1/roles/add', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
    expect(await t.db.prisma.role.count()).toBe(count);
  });

  it('refuses a tenant administrator adding a role, adding nothing', async () => {
    const app = await createApp(t, { roles: [] });
    const res = await post(tenantAdmin, '/v1/roles/add', {
      id: 'sneaky',
      name: 'S',
      desc: '',
      app: app.id,
    });
    expect(res.json().Code).toBe('forbidden');
    expect(await t.db.prisma.role.count({ where: { appId: app.id } })).toBe(0);
  });

  it('removes a role of one app only, with its grants and the access it emptied', async () => {
    const app = await createApp(t, { roles: ['viewer', 'editor'] });
    const other = await createApp(t, { roles: ['viewer'] });
    const company = await createCompany(t);
    const onlyViewer = await createUser(t);
    const both = await createUser(t);
    const viewerAccess = await grantAccess(t, {
      companyId: company.id,
      appId: app.id,
      user: onlyViewer,
      roles: ['viewer'],
    });
    const bothAccess = await grantAccess(t, {
      companyId: company.id,
      appId: app.id,
      user: both,
      roles: ['viewer', 'editor'],
    });

    const res = await post(admin, `/v1/roles/remove?id=viewer&app=${app.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.prisma.role.count({ where: { appId: app.id, id: 'viewer' } })).toBe(0);
    expect(await t.db.prisma.role.count({ where: { appId: other.id, id: 'viewer' } })).toBe(1);
    expect(await t.db.prisma.access.findUnique({ where: { id: viewerAccess.id } })).toBeNull();
    const kept = await t.db.prisma.access.findUniqueOrThrow({
      where: { id: bothAccess.id },
      include: { roles: true },
    });
    expect(kept.roles.map((r) => r.roleId)).toEqual(['editor']);
  });

  it('never removes the built-in admin and owner roles', async () => {
    for (const [id, app] of [
      ['admin', 'global'],
      ['owner', 'global'],
      ['admin', 'portal'],
    ] as const) {
      const res = await post(admin, `/v1/roles/remove?id=${id}&app=${app}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().Code).toBe('forbidden');
      expect(await t.db.prisma.role.count({ where: { appId: app, id } })).toBe(1);
    }
  });

  it('answers not_found, incomplete_param and forbidden without removing anything', async () => {
    const app = await createApp(t, { roles: ['viewer'] });
    expect((await post(admin, `/v1/roles/remove?id=ghost&app=${app.id}`)).json().Code).toBe(
      'not_found',
    );
    expect((await post(admin, '/v1/roles/remove?id=viewer')).json().Code).toBe('incomplete_param');
    expect(
      (await post(admin, `/v1/roles/remove?id=viewer&app=${app.id}`, { all: true })).json().Code,
    ).toBe('incomplete_param');
    expect((await post(tenantAdmin, `/v1/roles/remove?id=viewer&app=${app.id}`)).json().Code).toBe(
      'forbidden',
    );
    expect(await t.db.prisma.role.count({ where: { appId: app.id } })).toBe(1);
  });
});
