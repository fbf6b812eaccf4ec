import { appIdRule } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';

/** Values of the `small` form field that choose the small icon; absent or false: the large. */
const SMALL = new Set(['true', '1', 'yes', 'on']);
const LARGE = new Set(['', 'false', '0', 'no', 'off']);

/** The app id and which icon an icon upload's text fields name; bad fields: incomplete_param. */
export function iconTarget(fields: Record<string, string>): { appId: string; small: boolean } {
  const app = appIdRule.safeParse(fields.app ?? '');
  const small = (fields.small ?? '').trim().toLowerCase();
  if (!app.success) throw new ApiError('incomplete_param', { fields: { app: 'Required' } });
  if (!SMALL.has(small) && !LARGE.has(small)) {
    throw new ApiError('incomplete_param', { fields: { small: 'Must be true or false.' } });
  }
  return { appId: app.data, small: SMALL.has(small) };
}
