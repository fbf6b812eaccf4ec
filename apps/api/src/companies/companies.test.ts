import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';
import { tinyPng, uploadForm } from '../files/test-images.js';

describe('companies (platform administration)', () => {
  let t: TestApp;
  let admin: string;
  /** A company administrator of an ordinary company: not a platform administrator. */
  let tenantAdmin: string;
  /** A member of core1 without a company-level role. */
  let platformMember: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
    const tenant = await createCompany(t);
    tenantAdmin = (await signedInMember(t, tenant.id, ['owner', 'admin'])).session.cookie;
    const user = await createUser(t);
    await grantAccess(t, {
      companyId: PLATFORM_COMPANY_ID,
      appId: 'portal',
      user,
      roles: ['admin'],
    });
    platformMember = (await openTestSession(t, user, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const call = (cookie: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  describe('list', () => {
    it('lists every company with branches, owner name and the owner invitation', async () => {
      const company = await createCompany(t, { name: 'Listed Co' });
      await t.db.prisma.branch.create({ data: { companyId: company.id, id: 'b1', name: 'Main' } });
      const owner = await createUser(t, { displayName: 'Owen Owner' });
      await grantAccess(t, { companyId: company.id, user: owner, roles: ['owner'] });
      const empty = await createCompany(t);

      const res = await call(admin, '/v1/coms');
      expect(res.statusCode).toBe(200);
      const { coms, owners } = res.json().Msg;
      expect(coms).toContainEqual({
        id: company.id,
        name: 'Listed Co',
        img: '',
        owner: 'Owen Owner',
        branches: [{ id: 'b1', name: 'Main' }],
      });
      expect(owners[company.id]).toEqual({
        email: owner.email,
        status: 'verified',
        roles: ['owner'],
        app: 'global',
        username: owner.username,
      });
      expect(owners[empty.id]).toBeUndefined();
      expect(coms.map((c: { id: string }) => c.id)).toContain(PLATFORM_COMPANY_ID);
    });

    it('shows a pending invitation (Resend) over the verified owner', async () => {
      const company = await createCompany(t);
      const owner = await createUser(t);
      await grantAccess(t, { companyId: company.id, user: owner, roles: ['owner'] });
      await grantAccess(t, {
        companyId: company.id,
        email: 'next@example.test',
        roles: ['owner'],
        status: 'pending',
      });
      const { owners } = (await call(admin, '/v1/coms')).json().Msg;
      expect(owners[company.id]).toMatchObject({
        email: 'next@example.test',
        status: 'pending',
        username: null,
      });
    });

    it.each([
      ['a company administrator of another company', () => tenantAdmin],
      ['a core1 member without a company role', () => platformMember],
    ])('refuses %s', async (_, cookie) => {
      const res = await call(cookie(), '/v1/coms');
      expect(res.statusCode).toBe(403);
      expect(res.json().Code).toBe('forbidden');
    });
  });

  describe('add and update', () => {
    it('adds a company and answers app_enrolled for a taken id', async () => {
      const id = unique('new');
      const res = await call(admin, '/v1/coms/add', { id, name: 'New Co' });
      expect(res.statusCode).toBe(200);
      expect(await t.db.prisma.company.findUnique({ where: { id } })).toMatchObject({
        name: 'New Co',
      });
      const again = await call(admin, '/v1/coms/add', { id, name: 'Other' });
      expect(again.statusCode).toBe(409);
      expect(again.json().Code).toBe('app_enrolled');
      expect((await t.db.prisma.company.findUniqueOrThrow({ where: { id } })).name).toBe('New Co');
      expect(await t.db.prisma.auditEvent.count({ where: { target: `company:${id}` } })).toBe(1);
    });

    it.each([
      ['a missing name', { id: 'abc' }],
      ['an id with spaces', { id: 'a b', name: 'X' }],
      ['an over-long id', { id: 'a'.repeat(65), name: 'X' }],
      ['a wrong type', { id: 5, name: 'X' }],
      ['an extra field', { id: 'abcdef', name: 'X', owner: 'me' }],
    ])('refuses %s with incomplete_param', async (_, payload) => {
      const count = await t.db.prisma.company.count();
      const res = await call(admin, '/v1/coms/add', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().Code).toBe('incomplete_param');
      expect(await t.db.prisma.company.count()).toBe(count);
    });

    it('refuses callers that are not platform administrators, adding nothing', async () => {
      const id = unique('nope');
      for (const cookie of [tenantAdmin, platformMember]) {
        expect((await call(cookie, '/v1/coms/add', { id, name: 'X' })).json().Code).toBe(
          'forbidden',
        );
      }
      expect(await t.db.prisma.company.findUnique({ where: { id } })).toBeNull();
    });

    it('renames a company and sets, keeps or clears its image', async () => {
      const company = await createCompany(t, { name: 'Old' });
      // An image the API serves: uploaded by the company's own administrator.
      const owner = await signedInMember(t, company.id, ['owner']);
      const url = (
        await t.app.inject({
          method: 'POST',
          url: '/v1/com/img',
          headers: { cookie: owner.session.cookie },
          payload: uploadForm(tinyPng()),
        })
      ).json().Msg as string;
      const other = await createCompany(t);
      const res = await call(admin, '/v1/coms/update', { id: other.id, name: 'Shiny', img: url });
      expect(res.statusCode).toBe(200);
      const imageId = url.split('/v1/files/')[1];
      expect(
        await t.db.prisma.company.findUniqueOrThrow({ where: { id: other.id } }),
      ).toMatchObject({ name: 'Shiny', imageId });
      await call(admin, '/v1/coms/update', { id: other.id, name: 'Kept' });
      expect(
        (await t.db.prisma.company.findUniqueOrThrow({ where: { id: other.id } })).imageId,
      ).toBe(imageId);
      await call(admin, '/v1/coms/update', { id: other.id, name: 'Plain', img: '' });
      expect(
        (await t.db.prisma.company.findUniqueOrThrow({ where: { id: other.id } })).imageId,
      ).toBeNull();
      // Still used by the first company: not deleted.
      expect(
        await t.db.prisma.storedImage.findUnique({ where: { id: imageId ?? '' } }),
      ).not.toBeNull();
    });

    it('refuses a foreign image URL and an unknown company', async () => {
      const company = await createCompany(t, { name: 'Same' });
      const foreign = await call(admin, '/v1/coms/update', {
        id: company.id,
        name: 'X',
        img: 'https://evil.example/tracker.png',
      });
      expect(foreign.json().Code).toBe('incomplete_param');
      expect(
        (await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).name,
      ).toBe('Same');
      const missing = await call(admin, '/v1/coms/update', { id: unique('none'), name: 'X' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().Code).toBe('not_found');
    });

    it.each([
      ['a missing name', {}],
      ['a wrong image type', { name: 'X', img: 42 }],
      ['an over-long image URL', { name: 'X', img: `https://x.test/${'a'.repeat(2050)}` }],
      ['an extra field', { name: 'X', owner: 'me' }],
    ])('refuses an update with %s (incomplete_param)', async (_, change) => {
      const company = await createCompany(t, { name: 'Same' });
      const res = await call(admin, '/v1/coms/update', { id: company.id, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().Code).toBe('incomplete_param');
      expect(
        (await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).name,
      ).toBe('Same');
    });

    it('refuses an update from a tenant administrator, changing nothing', async () => {
      const company = await createCompany(t, { name: 'Same' });
      const res = await call(tenantAdmin, '/v1/coms/update', { id: company.id, name: 'Mine now' });
      expect(res.json().Code).toBe('forbidden');
      expect(
        (await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).name,
      ).toBe('Same');
    });
  });
});
