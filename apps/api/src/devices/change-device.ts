import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { sessionOf } from '../sessions/session-guard.js';
import { revokeGrantsOfSessions } from '../oidc/grants.js';
import { endSessionsWhere } from '../sessions/session-store.js';
import { assertChangeableDevice } from './own-device.js';

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

/** Blocks (ending the device's live sessions at once) or reactivates one of the user's devices. */
export async function setDeviceStatus(
  app: FastifyInstance,
  request: FastifyRequest,
  deviceId: string,
  status: 'active' | 'blocked',
): Promise<void> {
  const session = sessionOf(request);
  await app.db.prisma.$transaction(async (tx) => {
    const device = await assertChangeableDevice(tx, session, deviceId);
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
