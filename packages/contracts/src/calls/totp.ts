import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { confirmDialogPasswordRule, totpCodeRule } from '../rules.js';
import { base64Of } from '../wire.js';

/**
 * Authenticator apps (TOTP) and recovery codes of the session user (docs/mfa.md). Setting up,
 * regenerating and turning off need the account password, as the other MFA settings do.
 */
const LOCKOUT_CODES = [
  'invalid_credentials',
  'account_blocked',
  'account_awaiting_reset',
  'rate_limit_exceeded',
] as const;

export const status = defineCall({
  id: 'totp.status',
  method: 'GET',
  path: '/v1/mfa/totp',
  summary: 'Whether an authenticator app is in use, and how many recovery codes are left',
  access: 'session',
  answer: z.object({
    enabled: z.boolean(),
    recovery_codes_left: z.number().int(),
  }),
  codes: [],
});

export const setup = defineCall({
  id: 'totp.setup',
  method: 'POST',
  path: '/v1/mfa/totp/setup',
  summary:
    'Start setting up an authenticator app: a new secret (and its otpauth URI for the QR code); it counts once confirmed',
  access: 'session',
  body: z.strictObject({ password: base64Of(confirmDialogPasswordRule) }),
  answer: z.object({
    secret: z.string().describe('base32, to type into the app by hand'),
    uri: z.string().describe('otpauth://totp/... for the QR code'),
  }),
  codes: [...LOCKOUT_CODES],
});

export const confirm = defineCall({
  id: 'totp.confirm',
  method: 'POST',
  path: '/v1/mfa/totp/confirm',
  summary:
    'Confirm the app being set up with a first code; it replaces any app in use, and ten new recovery codes are answered once',
  access: 'session',
  body: z.strictObject({ code: totpCodeRule }),
  answer: z.object({ recovery_codes: z.array(z.string()) }),
  codes: ['invalid_totp', 'totp_not_set_up'],
});

export const disable = defineCall({
  id: 'totp.disable',
  method: 'POST',
  path: '/v1/mfa/totp/disable',
  summary: 'Turn the authenticator app off (its recovery codes go with it)',
  access: 'session',
  body: z.strictObject({ password: base64Of(confirmDialogPasswordRule) }),
  answer: okMessage,
  codes: [...LOCKOUT_CODES, 'totp_not_set_up'],
});

export const regenerateRecoveryCodes = defineCall({
  id: 'totp.regenerateRecoveryCodes',
  method: 'POST',
  path: '/v1/mfa/recovery/regenerate',
  summary: 'Ten new recovery codes, answered once; the old ones stop working',
  access: 'session',
  body: z.strictObject({ password: base64Of(confirmDialogPasswordRule) }),
  answer: z.object({ recovery_codes: z.array(z.string()) }),
  codes: [...LOCKOUT_CODES, 'totp_not_set_up'],
});
