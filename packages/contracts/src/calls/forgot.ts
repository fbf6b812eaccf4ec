import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { forgotFieldRule, wirePasswordRule, usernameRule } from '../rules.js';
import { base64Of } from '../wire.js';

/** The reset code from the e-mailed link (`/reset?code=`). */
const resetCode = z.string().trim().min(1).max(256);

export const request = defineCall({
  id: 'forgot.request',
  method: 'POST',
  path: '/v1/forgot/request',
  summary: 'E-mail a password reset link',
  access: 'public',
  body: z.strictObject({ email: forgotFieldRule.describe('username or e-mail address') }),
  answer: okMessage,
  codes: ['user_not_found', 'account_blocked', 'rate_limit_exceeded', 'mail_failed'],
});

export const validate = defineCall({
  id: 'forgot.validate',
  method: 'POST',
  path: '/v1/forgot/validate',
  summary: 'Check a reset link before showing the reset form',
  access: 'public',
  body: z.strictObject({ code: resetCode }),
  answer: okMessage,
  codes: ['forgot_expired', 'forgot_invalid', 'forgot_used', 'rate_limit_exceeded'],
});

export const update = defineCall({
  id: 'forgot.update',
  method: 'POST',
  path: '/v1/forgot/update',
  summary: 'Set the new password (base64) with a valid reset link',
  access: 'public',
  body: z.strictObject({
    code: resetCode,
    pass: base64Of(wirePasswordRule),
    username: usernameRule,
  }),
  answer: okMessage,
  codes: [
    'forgot_expired',
    'forgot_invalid',
    'forgot_used',
    'user_not_found',
    'password_too_common',
    'password_reused',
    'rate_limit_exceeded',
  ],
});
