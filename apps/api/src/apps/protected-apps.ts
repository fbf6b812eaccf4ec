import { APP_STATUS, GLOBAL_APP_ID, PORTAL_APP_ID } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';

/**
 * `global` (company-level roles) and `portal` (this portal's own application) hold the platform
 * together: they are never removed, and never disabled, since a disabled portal application
 * would keep every administrator from signing in to undo it.
 */
const PLATFORM_APPS = new Set<string>([GLOBAL_APP_ID, PORTAL_APP_ID]);

export function refuseRemovingPlatformApp(appId: string): void {
  if (PLATFORM_APPS.has(appId)) {
    throw new ApiError('forbidden', 'The platform applications cannot be removed.');
  }
}

export function refuseDisablingPlatformApp(appId: string, status: number): void {
  if (PLATFORM_APPS.has(appId) && status === APP_STATUS.disabled) {
    throw new ApiError('forbidden', 'The platform applications cannot be disabled.');
  }
}
