import { queryOptions } from '@tanstack/react-query';
import { calls } from '@portico/contracts';
import type { ApiClient, Success } from '../api/client';

export type DeviceList = Success<typeof calls.devices.list>['Msg'];
export type Device = DeviceList['devices'][number];
export type MfaSettings = Success<typeof calls.mfa.settings>['Msg'];

export const profileKeys = {
  devices: ['profile', 'devices'] as const,
  mfa: ['profile', 'mfa'] as const,
};

export function devicesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: profileKeys.devices,
    queryFn: ({ signal }) => api.callApi(calls.devices.list, undefined, { signal }),
  });
}

export function mfaSettingsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: profileKeys.mfa,
    queryFn: ({ signal }) => api.callApi(calls.mfa.settings, undefined, { signal }),
  });
}
