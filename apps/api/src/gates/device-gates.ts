import type { Platform, Prisma } from '@portico/db';
import type { Database } from '../db.js';
import { sha256 } from '../credentials/tokens.js';
import { gateError } from './gate-error.js';
import type { SignInClient } from './sign-in-client.js';
import type { DeviceInfo } from './user-agent.js';

/** The portal's fingerprint (`dcd`) is stored only as its SHA-256 (devices.fingerprint_hash). */
export function fingerprintHashOf(dcd: string): string {
  return sha256(dcd);
}

/**
 * Whether the caller's kind of device suits the client's platform: an iOS client needs an iOS
 * device, an Android client an Android one; web and desktop clients accept browsers.
 */
export function deviceTypeAllowed(platform: Platform, device: DeviceInfo): boolean {
  if (platform === 'ios') return device.os === 'iOS';
  if (platform === 'android') return device.os === 'Android';
  return device.isBrowser;
}

export function passDeviceTypeGate(client: SignInClient, device: DeviceInfo): void {
  if (!deviceTypeAllowed(client.platform, device)) {
    throw gateError('device_type_invalid', client.appName);
  }
}

const FIND_USER_DEVICE = `
  SELECT id, status::text AS status FROM devices WHERE user_id = $1 AND fingerprint_hash = $2`;

/** A verified device of the user, or null when this fingerprint is new to the account. */
export async function findUserDevice(
  db: Database,
  userId: string,
  fingerprintHash: string,
): Promise<{ id: string; status: string } | null> {
  const [device] = await db.query<{ id: string; status: string }>(
    'portico_user_device',
    FIND_USER_DEVICE,
    [userId, fingerprintHash],
  );
  return device ?? null;
}

/** A device the user blocked never signs in (unauthorized_device; the attempt is recorded). */
export function passDeviceBlockedGate(
  client: SignInClient,
  device: { status: string } | null,
): void {
  if (device?.status === 'blocked') throw gateError('unauthorized_device', client.appName);
}

/** A new device is refused once the user's active devices reach the client's device_limit. */
export async function passDeviceLimitGate(
  prisma: Pick<Prisma.TransactionClient, 'device'>,
  userId: string,
  client: SignInClient,
): Promise<void> {
  const active = await prisma.device.count({ where: { userId, status: 'active' } });
  if (active >= client.deviceLimit) throw gateError('device_limit_reached', client.appName);
}

/**
 * The device gates in their order: type, blocked, limit (only for a device new to the account).
 * Returns the known device, or null when the device must be verified (device_add).
 */
export async function passDeviceGates(
  db: Database,
  input: {
    userId: string;
    fingerprintHash: string;
    client: SignInClient;
    device: DeviceInfo;
    /** The user's device with this fingerprint when the caller read it already (null: none). */
    known?: { id: string; status: string } | null;
  },
): Promise<{ id: string } | null> {
  passDeviceTypeGate(input.client, input.device);
  const known =
    input.known !== undefined
      ? input.known
      : await findUserDevice(db, input.userId, input.fingerprintHash);
  passDeviceBlockedGate(input.client, known);
  if (known) return { id: known.id };
  await passDeviceLimitGate(db.prisma, input.userId, input.client);
  return null;
}
