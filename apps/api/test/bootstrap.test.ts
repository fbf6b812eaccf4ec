import { afterEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@portico/db';
import { PLATFORM_COMPANY_ID, PORTAL_CLIENT_ID, passwordRule } from '@portico/contracts';
import { bootstrap } from '../src/bootstrap/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { verifySecret } from '../src/credentials/argon2.js';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

/** Every row of every table the bootstrap writes, to compare before and after a second run. */
async function snapshot(prisma: PrismaClient) {
  return {
    companies: await prisma.company.findMany({ orderBy: { id: 'asc' } }),
    applications: await prisma.application.findMany({ orderBy: { id: 'asc' } }),
    roles: await prisma.role.findMany({ orderBy: [{ appId: 'asc' }, { id: 'asc' }] }),
    clients: await prisma.client.findMany({ orderBy: { id: 'asc' } }),
    users: await prisma.user.findMany({ orderBy: { id: 'asc' } }),
    preferences: await prisma.userPreference.findMany({ orderBy: { userId: 'asc' } }),
    access: await prisma.access.findMany({ orderBy: { id: 'asc' }, include: { roles: true } }),
    audit: await prisma.auditEvent.findMany({ orderBy: { id: 'asc' } }),
  };
}

describe('bootstrap', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('creates the platform and a first administrator with a generated password', async () => {
    t = await startTestApp();
    const config = loadConfig({ NODE_ENV: 'test' });
    const result = await bootstrap(t.db, config);

    expect(result.admin?.username).toBe('portico_admin');
    const generated = result.admin?.generatedPassword ?? '';
    expect(passwordRule.safeParse(generated).success).toBe(true);

    const prisma = t.db.prisma;
    expect(await prisma.company.findUnique({ where: { id: PLATFORM_COMPANY_ID } })).toMatchObject({
      name: 'Portico Platform',
    });
    const client = await prisma.client.findUniqueOrThrow({ where: { id: PORTAL_CLIENT_ID } });
    expect(client).toMatchObject({
      appId: 'portal',
      platform: 'web',
      redirect: 'http://localhost:1234/',
    });
    expect(client.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const admin = await prisma.user.findUniqueOrThrow({ where: { username: 'portico_admin' } });
    expect(admin.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(admin.passwordHash).not.toContain(generated);
    expect(await verifySecret(admin.passwordHash, generated)).toBe(true);

    const access = await prisma.access.findMany({
      where: { userId: admin.id },
      include: { roles: true },
      orderBy: { appId: 'asc' },
    });
    expect(
      access.map((a) => [a.companyId, a.appId, a.status, a.roles.map((r) => r.roleId).sort()]),
    ).toEqual([
      ['core1', 'global', 'verified', ['admin', 'owner']],
      ['core1', 'portal', 'verified', ['admin']],
    ]);
  });

  it('changes nothing when run again', async () => {
    t = await startTestApp();
    const config = loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'Str0ngPassword' });
    const first = await bootstrap(t.db, config);
    expect(first.admin).toEqual({ username: 'portico_admin', email: 'admin@portico.local' });
    const before = await snapshot(t.db.prisma);

    const second = await bootstrap(t.db, config);
    expect(second).toEqual({});
    expect(await snapshot(t.db.prisma)).toEqual(before);
  });

  it('puts back what is missing of the platform, and makes no second administrator', async () => {
    t = await startTestApp();
    const config = loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'Str0ngPassword' });
    await bootstrap(t.db, config);
    const prisma = t.db.prisma;

    await prisma.client.delete({ where: { id: PORTAL_CLIENT_ID } });
    expect(await bootstrap(t.db, config)).toEqual({});
    expect(await prisma.client.count({ where: { id: PORTAL_CLIENT_ID } })).toBe(1);

    await prisma.role.delete({ where: { appId_id: { appId: 'portal', id: 'owner' } } });
    expect(await bootstrap(t.db, config)).toEqual({});
    expect(await prisma.role.count({ where: { appId: 'portal', id: 'owner' } })).toBe(1);

    await prisma.company.update({ where: { id: PLATFORM_COMPANY_ID }, data: { name: 'Renamed' } });
    await bootstrap(t.db, config);
    expect(await prisma.company.findUnique({ where: { id: PLATFORM_COMPANY_ID } })).toMatchObject({
      name: 'Renamed',
    });
    expect(await prisma.user.count()).toBe(1);
  });

  it('creates exactly one administrator when two processes start at once', async () => {
    t = await startTestApp();
    const config = loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'Str0ngPassword' });
    const results = await Promise.all([bootstrap(t.db, config), bootstrap(t.db, config)]);
    expect(results.filter((r) => r.admin)).toHaveLength(1);
    expect(await t.db.prisma.user.count()).toBe(1);
    expect(await t.db.prisma.client.count({ where: { id: PORTAL_CLIENT_ID } })).toBe(1);
  });
});
