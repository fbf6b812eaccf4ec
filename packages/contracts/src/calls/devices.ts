import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { DEVICE_STATUSES } from '../constants.js';
import { deviceEntry } from '../entities.js';
import { opaqueId } from '../rules.js';
import { loginAnswer } from './auth.js';

export const verify = defineCall({
  id: 'devices.verify',
  method: 'POST',
  path: '/v1/device/verify',
  summary: 'Verify a new device with the e-mailed one-time code; the sign-in then continues',
  access: 'public',
  body: z.strictObject({
    refid: opaqueId.describe('the otpref of the device_add answer'),
    otp: z
      .string()
      .trim()
      .max(12)
      .regex(/^[0-9A-Za-z]{4,12}$/)
      .describe('the one-time code'),
  }),
  answer: loginAnswer,
  codes: [
    'invalid_otp',
    'rate_limit_exceeded',
    'device_limit_reached',
    'unauthorized_device',
    // The gates run again when the code is redeemed (access or the account may have changed).
    'account_blocked',
    'account_awaiting_reset',
    'app_disabled',
    'app_access_prohibited',
    'access_not_found',
    'access_unverified',
    'credential_stuffing_detected',
  ],
});

export const list = defineCall({
  id: 'devices.list',
  method: 'GET',
  path: '/v1/devices',
  summary: "The signed-in user's verified devices and which one is in use",
  access: 'session',
  answer: z.object({ devices: z.array(deviceEntry), current_device_id: z.string() }),
  codes: [],
});

export const remove = defineCall({
  id: 'devices.remove',
  method: 'POST',
  path: '/v1/devices/remove',
  summary: 'Remove one of the own devices (never the one in use)',
  access: 'session',
  pathChosen: true,
  body: z.strictObject({ id: opaqueId }),
  answer: okMessage,
  codes: ['device_not_found', 'device_user_mismatch', 'device_in_use'],
});

export const setStatus = defineCall({
  id: 'devices.setStatus',
  method: 'POST',
  path: '/v1/devices/status',
  summary: 'Block or reactivate one of the own devices (never the one in use)',
  access: 'session',
  pathChosen: true,
  body: z.strictObject({ id: opaqueId, status: z.enum(DEVICE_STATUSES) }),
  answer: okMessage,
  // Reactivating a blocked device counts against the device limit (docs/accounts.md).
  codes: ['device_not_found', 'device_user_mismatch', 'device_in_use', 'device_limit_reached'],
});
