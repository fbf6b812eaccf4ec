import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createUser,
  openTestSession,
} from '../../test/factories.js';

/**
 * An administrator who shortens a client's session_ttl shortens the lifetime of its sessions
 * already open, not only of the next ones. Before, a session three hours old went on working
 * after the lifetime was set to one hour.
 */
describe("a client's session_ttl lowered", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const details = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/v1/auth/details', headers: { cookie } });

  it('ends the open sessions older than the new lifetime, and shortens the others', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, sessionTtl: 86_400 });
    const old = await openTestSession(t, await createUser(t), { clientId: client.id });
    const recent = await openTestSession(t, await createUser(t), { clientId: client.id });
    const threeHoursAgo = new Date(Date.now() - 3 * 3600 * 1000);
    await t.db.prisma.session.update({
      where: { id: old.id },
      data: { createdAt: threeHoursAgo, expiresAt: new Date(threeHoursAgo.getTime() + 86_400_000) },
    });
    expect((await details(old.cookie)).json()).toMatchObject({ Code: '200' });

    const update = await t.app.inject({
      method: 'POST',
      url: '/v1/clients/update',
      headers: { cookie: admin },
      payload: {
        id: client.id,
        app: app.id,
        desc: 'Teller web',
        redirect: 'https://teller.example.test/callback',
        platform: 'web',
        domain: 'teller.example.test',
        custom_hash: false,
        allow_delete: false,
        allow_multiple_sessions: true,
        session_ttl: 3600,
      },
    });
    expect(update.json()).toMatchObject({ Code: '200' });

    expect((await details(old.cookie)).json()).toMatchObject({ Code: 'session_invalid' });
    expect((await details(recent.cookie)).json()).toMatchObject({ Code: '200' });
    const shortened = await t.db.prisma.session.findUniqueOrThrow({ where: { id: recent.id } });
    expect(shortened.expiresAt.getTime() - shortened.createdAt.getTime()).toBe(3600 * 1000);
  });
});
