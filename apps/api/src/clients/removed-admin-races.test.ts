import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { platformAdminRemovedWhileWaiting } from '../../test/removed-admin.js';
import { holdRow } from '../../test/row-lock.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';

/**
 * Found by hostile testing (2026-11-28): a platform administrator removed from core1 while
 * their client call waits (here on the client's row) must not get the call through once the
 * removal has committed: a rotation would hand the new secret of a client to someone who no
 * longer administers anything. The guard read the roles at the start of the request; the
 * handler reads them again under the person's lock, which the removal takes too.
 */
describe('clients: an administrator removed while the call waits', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformOwner = await bootstrapPlatform(t);
    owner = (await openTestSession(t, platformOwner, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const fields = (app: string) => ({
    app,
    desc: 'Teller web',
    redirect: 'https://teller.example.test/callback',
    platform: 'web',
    domain: '',
    custom_hash: false,
    allow_delete: false,
    allow_multiple_sessions: true,
  });

  const removedWhileWaiting = (
    clientId: string,
    call: (cookie: string) => Promise<Awaited<ReturnType<typeof t.app.inject>>>,
  ) => platformAdminRemovedWhileWaiting(t, owner, { table: 'clients', id: clientId }, call);

  it('a rotation: no secret is answered and the old secret still works', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id });
    const res = (await removedWhileWaiting(client.id, (cookie) =>
      post(cookie, '/v1/clients/update', { ...fields(app.id), id: client.id, secret: 'rotate' }),
    )) as Awaited<ReturnType<typeof post>>;
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    expect(JSON.stringify(res.json())).not.toMatch(/client_secret/);
    const row = await t.db.prisma.client.findUniqueOrThrow({ where: { id: client.id } });
    expect(row.secretHash).toBe(sha256(client.secret));
    expect(row.description).not.toBe('Teller web');
  });

  it('a removal: the client stays', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id });
    const res = (await removedWhileWaiting(client.id, (cookie) =>
      post(cookie, `/v1/clients/remove?id=${client.id}`),
    )) as Awaited<ReturnType<typeof post>>;
    expect(res.json()).toMatchObject({ Code: 'session_invalid' });
    expect(await t.db.prisma.client.findUnique({ where: { id: client.id } })).not.toBeNull();
  });

  it('an addition by an administrator demoted meanwhile: forbidden, no client', async () => {
    const app = await createApp(t);
    const admin = await signedInMember(t, PLATFORM_COMPANY_ID, ['admin']);
    const held = await holdRow(t, 'applications', app.id);
    const pending = post(admin.session.cookie, '/v1/clients/add', fields(app.id));
    await held.waitingOnLocks(1);
    // Left in core1 with no administrator role (the session stays live).
    await t.db.prisma.accessRole.deleteMany({
      where: { roleId: 'admin', access: { userId: admin.id, companyId: PLATFORM_COMPANY_ID } },
    });
    await held.release();
    const res = await pending;
    expect(res.json()).toMatchObject({ Code: 'forbidden' });
    expect(await t.db.prisma.client.count({ where: { appId: app.id } })).toBe(0);
  });
});
