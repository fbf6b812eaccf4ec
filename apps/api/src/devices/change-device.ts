import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Prisma } from '@portico/db';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { sessionOf } from '../sessions/session-guard.js';
import { revokeGrantsOfSessions } from '../oidc/grants.js';
import { endSessionsWhere } from '../sessions/session-store.js';
import { assertChangeableDevice } from './own-device.js';
import { lockOwnDevices } from './own-devices-lock.js';
import { gateError } from '../gates/gate-error.js';

/** Removes one of the user's devices; its sessions go with it (foreign key cascade), so do
 * the OpenID Connect grants made on it, and the next sign-in from it must verify the device
 * again. */
export async function removeDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  deviceId: string,
): Promise<void> {
  const session = sessionOf(request);
  await app.db.prisma.$transaction(async (tx) => {
    await lockOwnDevices(tx, session);
    const device = await assertChangeableDevice(tx, session, deviceId);
    await revokeGrantsOfSessions(tx, { deviceId: device.id });
    // Scoped to the owner again: a concurrent removal leaves nothing to delete.
    const removed = await tx.device.deleteMany({
      where: { id: device.id, userId: session.userId },
    });
    if (removed.count === 0) throw new ApiError('device_not_found');
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'device.remove',
      target: device.id,
    });
  });
}

/**
 * Blocks (ending the device's live sessions at once) or reactivates one of the user's devices.
 * Reactivating a blocked device counts against the device limit of the session's client like a
 * new device does (device_limit_reached, nothing changed): the limit bounds the devices that may
 * sign in, however they became active. It takes the users row, as device verification does
 * (auth/verify-device.ts), so reactivations and verifications of one user are counted one
 * after another; after the person's device lock (lockOwnDevices), which a block takes before
 * its audit event waits on that row, so the two never wait on each other.
 */
export async function setDeviceStatus(
  app: FastifyInstance,
  request: FastifyRequest,
  deviceId: string,
  status: 'active' | 'blocked',
): Promise<void> {
  const session = sessionOf(request);
  await app.db.prisma.$transaction(async (tx) => {
    await lockOwnDevices(tx, session);
    if (status === 'active') {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${session.userId} FOR UPDATE`;
    }
    const device = await assertChangeableDevice(tx, session, deviceId);
    if (status === 'active' && device.status === 'blocked') {
      await passReactivationLimit(tx, session);
    }
    await tx.device.updateMany({
      where: { id: device.id, userId: session.userId },
      data: { status },
    });
    const ended =
      status === 'blocked'
        ? await endSessionsWhere(tx, { deviceId: device.id }, 'device_blocked')
        : 0;
    await recordAudit(tx, {
      ...auditContext(request),
      action: status === 'blocked' ? 'device.block' : 'device.activate',
      target: device.id,
      details: { from: device.status, sessionsEnded: ended },
    });
  });
}

/** A blocked device made active again must fit the session's client's device_limit. */
async function passReactivationLimit(
  tx: Prisma.TransactionClient,
  session: { userId: string; clientId: string },
): Promise<void> {
  const [client] = await tx.$queryRaw<{ deviceLimit: number; appName: string }[]>`
    SELECT c.device_limit AS "deviceLimit", a.name AS "appName"
      FROM clients c JOIN applications a ON a.id = c.app_id WHERE c.id = ${session.clientId}`;
  if (!client) throw new ApiError('session_invalid');
  const active = await tx.device.count({ where: { userId: session.userId, status: 'active' } });
  if (active >= client.deviceLimit) throw gateError('device_limit_reached', client.appName);
}
