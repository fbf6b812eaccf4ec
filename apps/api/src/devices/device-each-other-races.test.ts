import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { holdRow } from '../../test/row-lock.js';
import type { TestSession } from '../../test/factories.js';
import { bootstrapPlatform, createUser, openTestSession } from '../../test/factories.js';

/**
 * Two of a person's devices changing each other at once (two tabs, or the owner and a thief
 * with a stolen session). One after the other, the first change ends the other device's
 * session, so the second answers session_invalid and changes nothing: never both devices
 * blocked or removed by sessions that had each ended the other's. Ordered by the user's row,
 * held here: each change's audit event checks its foreign key on it.
 */
describe('devices changing each other at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const post = (session: TestSession, path: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/devices/${path}`,
      headers: { cookie: session.cookie },
      payload,
    });

  const block = (session: TestSession, id: string) =>
    post(session, 'status', { id, status: 'blocked' });
  const remove = (session: TestSession, id: string) => post(session, 'remove', { id });

  async function race(
    first: (by: TestSession, id: string) => ReturnType<typeof post>,
    second: (by: TestSession, id: string) => ReturnType<typeof post>,
  ) {
    const user = await createUser(t);
    const a = await openTestSession(t, user);
    const b = await openTestSession(t, user);
    const held = await holdRow(t, 'users', user.id);
    const one = first(a, b.deviceId);
    await held.waitingOnLocks(1);
    const two = second(b, a.deviceId);
    await held.waitingOnLocks(2);
    await held.release();
    return { user, a, b, one: await one, two: await two };
  }

  const liveSessions = (userId: string) =>
    t.db.prisma.session.findMany({ where: { userId, endedAt: null }, select: { id: true } });

  it('two blocks: the first wins, the second answers session_invalid', async () => {
    const { user, a, b, one, two } = await race(block, block);
    expect(one.json()).toMatchObject({ Code: '200' });
    expect(two.statusCode).toBe(401);
    expect(two.json()).toMatchObject({ Code: 'session_invalid' });
    const devices = await t.db.prisma.device.findMany({
      where: { id: { in: [a.deviceId, b.deviceId] } },
      select: { id: true, status: true },
    });
    expect(Object.fromEntries(devices.map((d) => [d.id, d.status]))).toEqual({
      [a.deviceId]: 'active',
      [b.deviceId]: 'blocked',
    });
    expect(await liveSessions(user.id)).toEqual([{ id: a.id }]);
    expect(await t.db.prisma.auditEvent.count({ where: { target: a.deviceId } })).toBe(0);
  });

  it('two removals: the first wins, the second answers session_invalid', async () => {
    const { user, a, b, one, two } = await race(remove, remove);
    expect(one.json()).toMatchObject({ Code: '200' });
    expect(two.json()).toMatchObject({ Code: 'session_invalid' });
    expect(await t.db.prisma.device.findUnique({ where: { id: a.deviceId } })).not.toBeNull();
    expect(await t.db.prisma.device.findUnique({ where: { id: b.deviceId } })).toBeNull();
    expect(await liveSessions(user.id)).toEqual([{ id: a.id }]);
  });

  it('a block racing a removal: the block wins, the removal answers session_invalid', async () => {
    const { user, a, b, one, two } = await race(block, remove);
    expect(one.json()).toMatchObject({ Code: '200' });
    expect(two.json()).toMatchObject({ Code: 'session_invalid' });
    expect(await t.db.prisma.device.findUnique({ where: { id: a.deviceId } })).toMatchObject({
      status: 'active',
    });
    expect(await t.db.prisma.device.findUnique({ where: { id: b.deviceId } })).toMatchObject({
      status: 'blocked',
    });
    expect(await liveSessions(user.id)).toEqual([{ id: a.id }]);
  });

  it('a reactivation and a block at once both go through, neither waiting on the other', async () => {
    const user = await createUser(t);
    const here = await openTestSession(t, user);
    const back = await openTestSession(t, user);
    const other = await openTestSession(t, user);
    await t.db.prisma.device.update({ where: { id: back.deviceId }, data: { status: 'blocked' } });
    // The reactivation queues on the user's row, the block behind it: before, the block held
    // the device lock and waited on the row for its audit event, the reactivation held the row
    // and waited on the device lock (a deadlock: one of them a 500).
    const held = await holdRow(t, 'users', user.id);
    const activated = post(here, 'status', { id: back.deviceId, status: 'active' });
    await held.waitingOnLocks(1);
    const blocked = block(here, other.deviceId);
    await held.waitingOnLocks(2);
    await held.release();
    expect((await activated).json()).toMatchObject({ Code: '200' });
    expect((await blocked).json()).toMatchObject({ Code: '200' });
    const devices = await t.db.prisma.device.findMany({
      where: { userId: user.id },
      select: { id: true, status: true },
    });
    expect(Object.fromEntries(devices.map((d) => [d.id, d.status]))).toEqual({
      [here.deviceId]: 'active',
      [back.deviceId]: 'active',
      [other.deviceId]: 'blocked',
    });
  });
});
