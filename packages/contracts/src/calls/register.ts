import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { displayNameRule, emailRule, wirePasswordRule, phoneRule, usernameRule } from '../rules.js';
import { base64Of } from '../wire.js';

export const submit = defineCall({
  id: 'register.submit',
  method: 'POST',
  path: '/v1/register',
  summary: 'Create an account from an invitation (mobile, pass, uname and email in base64)',
  access: 'public',
  pathChosen: true,
  body: z.strictObject({
    uname: base64Of(usernameRule),
    pass: base64Of(wirePasswordRule),
    mobile: base64Of(phoneRule),
    email: base64Of(emailRule),
    displayName: displayNameRule,
    access: z.string().trim().min(1).max(256).describe('the access code of the invitation'),
  }),
  answer: okMessage,
  codes: [
    'user_already_enrolled',
    'password_too_common',
    'email_already_inuse',
    'verified',
    'invite_expired',
    'access_not_found',
    'rate_limit_exceeded',
  ],
});
