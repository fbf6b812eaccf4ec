import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import type { SessionContext } from '../sessions/session-guard.js';

/**
 * The checks before changing one of the signed-in user's devices: unknown is
 * device_not_found, another user's device_user_mismatch, the one this session runs on
 * device_in_use (it can be neither blocked nor removed from itself).
 */
export async function assertChangeableDevice(
  db: Pick<Prisma.TransactionClient, 'device'>,
  session: SessionContext,
  deviceId: string,
): Promise<{ id: string; status: 'active' | 'blocked' }> {
  const device = await db.device.findUnique({
    where: { id: deviceId },
    select: { id: true, userId: true, status: true },
  });
  if (!device) throw new ApiError('device_not_found');
  if (device.userId !== session.userId) throw new ApiError('device_user_mismatch');
  if (device.id === session.deviceId) throw new ApiError('device_in_use');
  return { id: device.id, status: device.status };
}
