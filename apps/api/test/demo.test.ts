import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { seedDemo } from '../src/demo/seed-demo.js';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrap(t.db, loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'Str0ngPassword' }));
  });
  afterAll(() => t.close());

  it('adds companies, apps, users with access in several companies and a pending invitation', async () => {
    const result = await seedDemo(t.db.prisma, 'Demo-Pass-1');
    expect(result.created).toBe(true);
    expect(result.clientSecrets.map((c) => c.client)).toEqual([
      'loans-web',
      'teller-desktop',
      'insights-web',
    ]);

    const prisma = t.db.prisma;
    expect(await prisma.company.count()).toBe(4);
    expect(await prisma.branch.count()).toBe(6);
    const multiCompany = await prisma.user.findUniqueOrThrow({
      where: { username: 'chloe_diaz' },
      include: { access: true },
    });
    expect(new Set(multiCompany.access.map((a) => a.companyId))).toEqual(
      new Set(['acme1', 'nwcu1']),
    );
    const pending = await prisma.access.findMany({ where: { status: 'pending' } });
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ email: 'hannah.wu@acme.example', userId: null });
    expect(await prisma.user.count({ where: { status: 'blocked' } })).toBe(1);
  });

  it('changes nothing when run again', async () => {
    const users = await t.db.prisma.user.count();
    expect((await seedDemo(t.db.prisma, 'Demo-Pass-1')).created).toBe(false);
    expect(await t.db.prisma.user.count()).toBe(users);
  });
});
