import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { TestSession } from '../../test/factories.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createUser,
  openTestSession,
} from '../../test/factories.js';

describe('own devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const list = (session: TestSession) =>
    t.app.inject({ method: 'GET', url: '/v1/devices', headers: { cookie: session.cookie } });
  const post = (session: TestSession, path: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/devices/${path}`,
      headers: { cookie: session.cookie },
      payload,
    });

  /** A user signed in on two devices: `here` (in use) and `there`. */
  async function twoDevices() {
    const user = await createUser(t);
    const here = await openTestSession(t, user);
    const there = await openTestSession(t, user);
    return { user, here, there };
  }

  it('lists the own devices and the one in use', async () => {
    const { here, there } = await twoDevices();
    const stranger = await openTestSession(t, await createUser(t));
    const answer = await list(here);
    expect(answer.statusCode).toBe(200);
    const msg = answer.json<{
      Msg: { devices: { id: string; last_accessed: string }[]; current_device_id: string };
    }>().Msg;
    expect(msg.current_device_id).toBe(here.deviceId);
    expect(msg.devices.map((d) => d.id).sort()).toEqual([here.deviceId, there.deviceId].sort());
    expect(msg.devices.map((d) => d.id)).not.toContain(stranger.deviceId);
    expect(msg.devices[0]).toEqual({
      id: expect.any(String),
      name: 'Test browser',
      type: 'desktop',
      status: 'active',
      last_accessed: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it('refuses another user’s, an unknown and the in-use device, changing nothing', async () => {
    const { here, there } = await twoDevices();
    const stranger = await openTestSession(t, await createUser(t));
    const unknownId = '0190a0a0-0000-7000-8000-000000000000';
    for (const path of ['remove', 'status']) {
      const extra = path === 'status' ? { status: 'blocked' } : {};
      const mismatch = await post(stranger, path, { id: there.deviceId, ...extra });
      expect(mismatch.statusCode).toBe(403);
      expect(mismatch.json()).toMatchObject({ Code: 'device_user_mismatch' });
      const unknown = await post(here, path, { id: unknownId, ...extra });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ Code: 'device_not_found' });
      const inUse = await post(here, path, { id: here.deviceId, ...extra });
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({ Code: 'device_in_use' });
    }
    const devices = await t.db.prisma.device.findMany({
      where: { id: { in: [here.deviceId, there.deviceId] } },
    });
    expect(devices.map((d) => d.status)).toEqual(['active', 'active']);
    const sessions = await t.db.prisma.session.findMany({
      where: { id: { in: [here.id, there.id] } },
    });
    expect(sessions.every((s) => s.endedAt === null)).toBe(true);
    const audits = await t.db.prisma.auditEvent.count({
      where: { target: { in: [here.deviceId, there.deviceId] } },
    });
    expect(audits).toBe(0);
  });

  it('removes a device and its sessions', async () => {
    const { user, here, there } = await twoDevices();
    const answer = await post(here, 'remove', { id: there.deviceId });
    expect(answer.json()).toEqual({ Code: '200', Msg: 'Device removed' });
    expect(await t.db.prisma.device.findUnique({ where: { id: there.deviceId } })).toBeNull();
    expect(await t.db.prisma.session.findUnique({ where: { id: there.id } })).toBeNull();
    expect((await list(there)).json()).toMatchObject({ Code: 'session_invalid' });
    expect((await list(here)).json()).toMatchObject({ Code: '200' });
    const audit = await t.db.prisma.auditEvent.findFirst({ where: { action: 'device.remove' } });
    expect(audit).toMatchObject({ actorId: user.id, target: there.deviceId });
    // Gone now: a second removal finds nothing.
    expect((await post(here, 'remove', { id: there.deviceId })).json()).toMatchObject({
      Code: 'device_not_found',
    });
  });

  it('blocking ends that device’s sessions only; activating lets it back', async () => {
    const { user, here, there } = await twoDevices();
    const alsoThere = await t.db.prisma.session.create({
      data: {
        tokenHash: `h${Date.now()}`,
        userId: user.id,
        clientId: (await t.db.prisma.session.findUniqueOrThrow({ where: { id: there.id } }))
          .clientId,
        deviceId: there.deviceId,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const blocked = await post(here, 'status', { id: there.deviceId, status: 'blocked' });
    expect(blocked.json()).toEqual({ Code: '200', Msg: 'Device blocked' });
    const device = await t.db.prisma.device.findUniqueOrThrow({ where: { id: there.deviceId } });
    expect(device.status).toBe('blocked');
    const ended = await t.db.prisma.session.findMany({
      where: { id: { in: [there.id, alsoThere.id] } },
    });
    expect(ended.map((s) => s.endReason)).toEqual(['device_blocked', 'device_blocked']);
    expect((await list(there)).json()).toMatchObject({ Code: 'session_invalid' });
    const current = await t.db.prisma.session.findUniqueOrThrow({ where: { id: here.id } });
    expect(current.endedAt).toBeNull();
    expect(
      await t.db.prisma.auditEvent.count({
        where: { action: 'device.block', target: there.deviceId },
      }),
    ).toBe(1);

    const activated = await post(here, 'status', { id: there.deviceId, status: 'active' });
    expect(activated.json()).toEqual({ Code: '200', Msg: 'Device active' });
    expect(
      (await t.db.prisma.device.findUniqueOrThrow({ where: { id: there.deviceId } })).status,
    ).toBe('active');
    expect(
      await t.db.prisma.auditEvent.count({
        where: { action: 'device.activate', target: there.deviceId },
      }),
    ).toBe(1);
  });

  it('reactivating a blocked device counts against the device limit', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, deviceLimit: 2 });
    const user = await createUser(t);
    const here = await openTestSession(t, user, { clientId: client.id });
    const there = await openTestSession(t, user, { clientId: client.id });
    await post(here, 'status', { id: there.deviceId, status: 'blocked' });
    // A new device takes the freed place (as a verified code would add it).
    const third = await openTestSession(t, user, { clientId: client.id });
    const refused = await post(here, 'status', { id: there.deviceId, status: 'active' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: 'device_limit_reached' });
    const still = await t.db.prisma.device.findUniqueOrThrow({ where: { id: there.deviceId } });
    expect(still.status).toBe('blocked');
    expect(
      await t.db.prisma.auditEvent.count({
        where: { action: 'device.activate', target: there.deviceId },
      }),
    ).toBe(0);
    // Activating a device that is already active changes no count: never refused.
    expect((await post(here, 'status', { id: third.deviceId, status: 'active' })).json()).toEqual({
      Code: '200',
      Msg: 'Device active',
    });
    // Once a place is free again, it can come back.
    await post(here, 'remove', { id: third.deviceId });
    const back = await post(here, 'status', { id: there.deviceId, status: 'active' });
    expect(back.json()).toEqual({ Code: '200', Msg: 'Device active' });
  });

  it('needs a session and answers incomplete_param for bad input', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/devices' })).json()).toMatchObject({
      Code: 'auth_invalid',
    });
    const { here, there } = await twoDevices();
    const cases: [string, Record<string, unknown>][] = [
      ['remove', {}],
      ['remove', { id: '' }],
      ['remove', { id: 5 }],
      ['remove', { id: there.deviceId, extra: true }],
      ['status', { id: there.deviceId }],
      ['status', { id: there.deviceId, status: 'gone' }],
      ['status', { id: 'x'.repeat(200), status: 'blocked' }],
    ];
    for (const [path, payload] of cases) {
      const answer = await post(here, path, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toMatchObject({ Code: 'incomplete_param' });
    }
    expect(await t.db.prisma.device.findUnique({ where: { id: there.deviceId } })).toMatchObject({
      status: 'active',
    });
  });
});
