import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { base64Of } from '../wire.js';

/** A company the signed-in user may choose (session list). */
export const sessionCompany = z.object({ id: z.string(), name: z.string(), img: z.string() });

/** The MFA flags that travel with sign-in and session details (specification, section 3). */
export const mfaFlags = z.object({
  is_pin_enabled: z.boolean(),
  is_biometrics_enabled: z.boolean(),
  is_passkey_enabled: z.boolean(),
  has_pin_setup: z.boolean(),
  has_passkey_setup: z.boolean(),
});

const clientId = z.string().min(1).max(64);
const redirect = z.string().max(2048);

export const signIn = defineCall({
  id: 'auth.signIn',
  method: 'POST',
  path: '/v1/auth',
  summary: 'Sign in with username and password (both base64)',
  access: 'public',
  body: z.strictObject({
    uname: base64Of(z.string().min(1).max(254)),
    pass: base64Of(z.string().min(1).max(128)),
    client: clientId,
    redirect,
    dcd: z.string().min(1).max(256).describe('device fingerprint'),
  }),
  answer: mfaFlags.extend({
    companies: z.array(sessionCompany),
    retries_left: z.number().int(),
    avatar: z.string(),
    dis: z.string(),
    otpref: z.string().optional().describe('present with device_add'),
  }),
  codes: [
    'account_failed',
    'account_blocked',
    'account_awaiting_reset',
    'user_not_found',
    'device_add',
    'rate_limit_exceeded',
    'credential_stuffing_detected',
    'callback_invalid',
    'app_disabled',
    'app_access_prohibited',
    'access_not_found',
    'access_unverified',
    'device_type_invalid',
    'unauthorized_device',
    'device_limit_reached',
  ],
});

export const signOut = defineCall({
  id: 'auth.signOut',
  method: 'POST',
  path: '/v1/auth/signout',
  summary: 'End the session on the server and clear the cookie',
  access: 'public',
  body: z.strictObject({}),
  answer: okMessage,
  codes: ['session_invalid'],
});
