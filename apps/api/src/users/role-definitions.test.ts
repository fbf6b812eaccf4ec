import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  signedInMember,
} from '../../test/factories.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** users.roleDefinitions: the company entry and the applications the company may be granted. */
describe('users.roleDefinitions', () => {
  let t: TestApp;
  let companyId: string;
  let admin: Member;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    admin = await signedInMember(t, companyId, ['admin']);
  });
  afterAll(() => t.close());

  it('lists the company roles and the applications this company may be granted', async () => {
    const released = await createApp(t, { status: 3 });
    const internal = await createApp(t, { status: 4 });
    const disabled = await createApp(t, { status: 0 });
    const alpha = await createApp(t, { status: 1 });
    const beta = await createApp(t, { status: 2 });
    const joinedBeta = await createApp(t, { status: 2 });
    await t.db.prisma.companySubscription.create({
      data: { companyId, appId: joinedBeta.id, status: 'beta' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/roles/defs',
      headers: { cookie: admin.session.cookie },
    });
    expect(res.statusCode).toBe(200);
    const { global, apps } = res.json().Msg;
    expect(global).toEqual({
      id: 'global',
      name: 'Company',
      roles: [
        { id: 'admin', name: 'Admin' },
        { id: 'owner', name: 'Owner' },
      ],
    });
    const ids = apps.map((app: { id: string }) => app.id);
    expect(ids).toEqual(expect.arrayContaining([released.id, internal.id, joinedBeta.id]));
    for (const refused of [disabled.id, alpha.id, beta.id, 'portal', 'global']) {
      expect(ids).not.toContain(refused);
    }
    expect(apps.find((app: { id: string }) => app.id === released.id).roles).toEqual([
      { id: 'editor', name: 'editor' },
      { id: 'viewer', name: 'viewer' },
    ]);
  });

  it('refuses a plain member', async () => {
    const member = await signedInMember(t, companyId, []);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/roles/defs',
      headers: { cookie: member.session.cookie },
    });
    expect(res.json().Code).toBe('forbidden');
  });
});
