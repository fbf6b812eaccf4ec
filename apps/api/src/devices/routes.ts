import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { sessionOf } from '../sessions/session-guard.js';
import { removeDevice, setDeviceStatus } from './change-device.js';

/** Routes: own devices: list, block, remove. */
export async function devicesRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, calls.devices.list, async (_input, request) => {
    const session = sessionOf(request);
    const devices = await app.db.prisma.device.findMany({
      where: { userId: session.userId },
      select: { id: true, name: true, type: true, status: true, lastAccessedAt: true },
      orderBy: [{ lastAccessedAt: 'desc' }, { id: 'asc' }],
    });
    return {
      devices: devices.map((device) => ({
        id: device.id,
        name: device.name,
        type: device.type,
        status: device.status,
        last_accessed: device.lastAccessedAt.toISOString(),
      })),
      current_device_id: session.deviceId,
    };
  });

  registerCall(app, calls.devices.remove, async ({ body }, request) => {
    await removeDevice(app, request, body.id);
    return 'Device removed';
  });

  registerCall(app, calls.devices.setStatus, async ({ body }, request) => {
    await setDeviceStatus(app, request, body.id, body.status);
    return `Device ${body.status}`;
  });
}
