import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  openTestSession,
} from '../../test/factories.js';
import { openSession } from './session-store.js';

/**
 * openSession (tests and tools) ends what a sign-in's own statement ends on a single-session
 * client (start-session.ts): "replaced" on the same device, "superseded" on the others, with
 * the others' OpenID Connect grants for that client.
 */
describe('openSession on a single-session client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  async function grant(
    user: { id: string },
    deviceId: string,
    clientId: string,
    companyId: string,
  ) {
    const grantId = randomUUID();
    await t.db.prisma.oidcGrant.create({
      data: { grantId, userId: user.id, deviceId, clientId, companyId },
    });
    return grantId;
  }

  const stillThere = async (grantId: string) =>
    (await t.db.prisma.oidcGrant.findUnique({ where: { grantId } })) !== null;

  it('supersedes the other devices and ends their grants for the client, not for others', async () => {
    const company = await createCompany(t);
    const app = await createApp(t);
    const single = await createClient(t, { appId: app.id, allowMultipleSessions: false });
    const other = await createClient(t, { appId: app.id });
    const user = await createUser(t);
    const first = await openTestSession(t, user, { clientId: single.id });
    const onSingle = await grant(user, first.deviceId, single.id, company.id);
    const onOther = await grant(user, first.deviceId, other.id, company.id);

    const second = await openTestSession(t, user, { clientId: single.id });

    const ended = await t.db.prisma.session.findUniqueOrThrow({ where: { id: first.id } });
    expect(ended.endReason).toBe('superseded');
    expect(ended.endedAt).not.toBeNull();
    expect(await stillThere(onSingle)).toBe(false);
    expect(await stillThere(onOther)).toBe(true);
    const live = await t.db.prisma.session.findUniqueOrThrow({ where: { id: second.id } });
    expect(live.endedAt).toBeNull();
  });

  it("replaces the same device's session and keeps its grants (the sign-in continues)", async () => {
    const company = await createCompany(t);
    const app = await createApp(t);
    const single = await createClient(t, { appId: app.id, allowMultipleSessions: false });
    const user = await createUser(t);
    const first = await openTestSession(t, user, { clientId: single.id });
    const kept = await grant(user, first.deviceId, single.id, company.id);

    await t.db.prisma.$transaction((tx) =>
      openSession(tx, { userId: user.id, client: single, deviceId: first.deviceId }),
    );

    const ended = await t.db.prisma.session.findUniqueOrThrow({ where: { id: first.id } });
    expect(ended.endReason).toBe('replaced');
    expect(await stillThere(kept)).toBe(true);
  });
});
