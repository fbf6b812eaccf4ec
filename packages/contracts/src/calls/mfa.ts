import { z } from 'zod';
import { defineCall } from '../call.js';
import { confirmDialogPasswordRule, mpinRule } from '../rules.js';
import { base64Of } from '../wire.js';
import { mfaFlags } from './auth.js';
import { okMessage } from '../envelope.js';

/** MFA settings; during session expiry they also carry the name and avatar the dialog shows. */
export const mfaSettings = mfaFlags.extend({
  dis: z.string().optional().describe('present while the session is expired'),
  avatar: z.string().optional().describe('present while the session is expired'),
});

export const settings = defineCall({
  id: 'mfa.settings',
  method: 'GET',
  path: '/v1/mfa/settings',
  summary: 'The MFA flags of the session user (also for the session-expired dialog)',
  access: 'expired-session',
  answer: mfaSettings,
  codes: [],
});

export const updateSettings = defineCall({
  id: 'mfa.updateSettings',
  method: 'POST',
  path: '/v1/mfa/settings/update',
  summary: 'Turn PIN or passkey sign-in on or off (needs the account password, base64)',
  access: 'session',
  body: z
    .strictObject({
      enable_pin: z.boolean().optional(),
      enable_passkey: z.boolean().optional(),
      password: base64Of(confirmDialogPasswordRule),
    })
    .refine((body) => body.enable_pin !== undefined || body.enable_passkey !== undefined, {
      error: 'Choose a setting to change.',
      path: ['enable_pin'],
    }),
  answer: mfaFlags,
  codes: [
    'invalid_credentials',
    'account_blocked',
    'account_awaiting_reset',
    'rate_limit_exceeded',
  ],
});

export const checkPassword = defineCall({
  id: 'mfa.checkPassword',
  method: 'POST',
  path: '/v1/mfa/password/check',
  summary:
    "Ours: checks the account password (base64) of a dialog's first step before its next one (the MPIN's), counted like every password confirmation",
  access: 'session',
  pathChosen: true,
  body: z.strictObject({ password: base64Of(confirmDialogPasswordRule) }),
  answer: okMessage,
  codes: [
    'invalid_credentials',
    'account_blocked',
    'account_awaiting_reset',
    'rate_limit_exceeded',
  ],
});

export const setPin = defineCall({
  id: 'mfa.setPin',
  method: 'POST',
  path: '/v1/mfa/pin/set',
  summary: 'Set or change the six-digit MPIN (needs the account password, base64)',
  access: 'session',
  body: z.strictObject({ pin: mpinRule, password: base64Of(confirmDialogPasswordRule) }),
  answer: okMessage,
  codes: [
    'invalid_credentials',
    'account_blocked',
    'account_awaiting_reset',
    'rate_limit_exceeded',
  ],
});
