import { DEVICE_MESSAGES, PROFILE_TEXTS, messageFor, type DeviceStatus } from '@portico/contracts';
import type { Device } from '../queries';

/** The device this session runs on: its status is read-only and it cannot be removed. */
export function isInUse(device: Pick<Device, 'id'>, currentDeviceId: string): boolean {
  return device.id === currentDeviceId;
}

/** The status a change offers: active <-> blocked (section 4). */
export function otherStatus(status: DeviceStatus): DeviceStatus {
  return status === 'active' ? 'blocked' : 'active';
}

/** The text of a failed removal (section 8). */
export function removalFailure(code: string): string {
  return messageFor(code, 'deviceRemoval') ?? DEVICE_MESSAGES.removeFailed;
}

/** The text of a failed status change: the removal's texts where they fit, else ours. */
export function statusFailure(code: string): string {
  return code === 'device_not_found' ? DEVICE_MESSAGES.notFound : PROFILE_TEXTS.statusFailed;
}

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function lastAccessedText(value: string | null): string {
  return value === null ? PROFILE_TEXTS.deviceNever : DATE_FORMAT.format(new Date(value));
}
