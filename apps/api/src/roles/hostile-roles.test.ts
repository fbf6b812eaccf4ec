import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';

/** Hostile cases of the platform administrators' role calls. */
describe('roles, hostile cases', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });

  it('answers not_found for a role call on an application that does not exist, built-in role ids included', async () => {
    const ghost = unique('ghost');
    for (const id of ['admin', 'owner', 'viewer']) {
      const res = await post(`/v1/roles/remove?id=${id}&app=${ghost}`);
      expect(res.json(), id).toMatchObject({ Code: 'not_found' });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await post('/v1/roles/add', { id: 'r', name: 'R', desc: '', app: ghost })).json(),
    ).toMatchObject({
      Code: 'not_found',
    });
    expect(await t.db.prisma.role.count({ where: { appId: ghost } })).toBe(0);
  });

  it('never removes a built-in role, whatever the case or spaces of its id', async () => {
    for (const id of ['admin', ' owner ', 'ADMIN', 'Owner']) {
      const res = await post(`/v1/roles/remove?id=${encodeURIComponent(id)}&app=global`);
      expect(['forbidden', 'not_found'], id).toContain(res.json().Code);
    }
    expect(
      (await t.db.prisma.role.findMany({ where: { appId: 'global' }, select: { id: true } }))
        .map((role) => role.id)
        .sort(),
    ).toEqual(['admin', 'owner']);
  });

  it('refuses a role id that is a built-in one in another case (app_enrolled), adding nothing', async () => {
    const app = await createApp(t, { roles: [] });
    for (const [appId, id] of [
      ['global', 'OWNER'],
      ['global', 'Admin'],
      [app.id, 'Owner'],
    ] as const) {
      const res = await post('/v1/roles/add', { id, name: 'Impostor', desc: '', app: appId });
      expect(res.json(), `${appId}.${id}`).toMatchObject({ Code: 'app_enrolled' });
    }
    expect(await t.db.prisma.role.count({ where: { name: 'Impostor' } })).toBe(0);
    // An id that merely contains one stays possible.
    const res = await post('/v1/roles/add', {
      id: 'Owner2',
      name: 'Second',
      desc: '',
      app: app.id,
    });
    expect(res.json()).toMatchObject({ Code: '200' });
  });

  it("keeps one application's roles apart from another's when the ids contain dots", async () => {
    const crm = await createApp(t, { id: unique('crm'), roles: ['x.y'] });
    const crmX = await createApp(t, { id: `${crm.id}.x`, roles: ['y'] });
    const company = await createCompany(t);
    const member = await signedInMember(t, company.id, []);
    await grantAccess(t, { companyId: company.id, appId: crmX.id, user: member, roles: ['y'] });
    // Removing crm's x.y leaves crm.x's y and its holder alone.
    expect((await post(`/v1/roles/remove?id=x.y&app=${crm.id}`)).json()).toMatchObject({
      Code: '200',
    });
    const kept = await t.db.prisma.access.findFirstOrThrow({
      where: { companyId: company.id, appId: crmX.id },
      include: { roles: true },
    });
    expect(kept.roles.map((role) => role.roleId)).toEqual(['y']);
  });
});
