import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { platformAdminRemovedWhileWaiting } from '../../test/removed-admin.js';
import { holdRow } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createApp,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';
import { tinyPng, uploadForm } from '../files/test-images.js';

/**
 * Found by hostile testing (2026-11-28), as for clients.* and companies.*: a platform
 * administrator removed from core1 (or demoted there) while their application call waits on a
 * row lock must not get the call through once that has committed. The handler reads the
 * caller's roles again, last in its transaction (company/acting-admin.ts).
 */
describe('apps: an administrator removed while the call waits', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformOwner = await bootstrapPlatform(t);
    owner = (await openTestSession(t, platformOwner, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  type Answer = Awaited<ReturnType<typeof t.app.inject>>;
  const post = (cookie: string, url: string, payload: Record<string, unknown> | FormData = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  const removedWhileWaiting = (appId: string, call: (cookie: string) => Promise<Answer>) =>
    platformAdminRemovedWhileWaiting(t, owner, { table: 'applications', id: appId }, call);

  it('an update: the application keeps its name', async () => {
    const app = await createApp(t, { name: 'Ledger' });
    const res = await removedWhileWaiting(app.id, (cookie) =>
      post(cookie, '/v1/apps/update', {
        id: app.id,
        name: 'Taken over',
        desc: '',
        status: 1,
        link: '',
      }),
    );
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    const row = await t.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
    expect(row.name).toBe('Ledger');
  });

  it('a removal: the application stays', async () => {
    const app = await createApp(t);
    const res = await removedWhileWaiting(app.id, (cookie) =>
      post(cookie, `/v1/apps/remove?id=${app.id}`),
    );
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    expect(await t.db.prisma.application.findUnique({ where: { id: app.id } })).not.toBeNull();
  });

  it('an icon upload: the application keeps no icon', async () => {
    const app = await createApp(t);
    const res = await removedWhileWaiting(app.id, (cookie) =>
      post(cookie, '/v1/apps/icon', uploadForm(tinyPng(), { fields: { app: app.id } })),
    );
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    const row = await t.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
    expect(row.largeIconId).toBeNull();
  });

  it('an addition by an administrator demoted meanwhile: forbidden, no application', async () => {
    // apps.add inserts a new row; what it can wait on is core1's company row, which its audit
    // event references (FOR KEY SHARE), held meanwhile by e.g. core1's image upload. The
    // removal call would queue on that row too, so the demotion is written directly.
    const admin = await signedInMember(t, PLATFORM_COMPANY_ID, ['admin']);
    const id = unique('app');
    const held = await holdRow(t, 'companies', PLATFORM_COMPANY_ID);
    const pending = post(admin.session.cookie, '/v1/apps/add', { id, name: 'Ledger', desc: '' });
    await held.waitingOnLocks(1);
    await t.db.prisma.accessRole.deleteMany({
      where: { roleId: 'admin', access: { userId: admin.id, companyId: PLATFORM_COMPANY_ID } },
    });
    await held.release();
    const res = await pending;
    expect(res.json()).toMatchObject({ Code: 'forbidden' });
    expect(await t.db.prisma.application.findUnique({ where: { id } })).toBeNull();
  });
});
