import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { confirmDialogPasswordRule, displayNameRule, personNameRule } from '../rules.js';
import { base64Of } from '../wire.js';

export const update = defineCall({
  id: 'profile.update',
  method: 'POST',
  path: '/v1/user/update',
  summary: 'Change the own display name, first and last name',
  access: 'session',
  body: z.strictObject({ dis: displayNameRule, lname: personNameRule, fname: personNameRule }),
  answer: okMessage,
  codes: [],
});

export const uploadAvatar = defineCall({
  id: 'profile.uploadAvatar',
  method: 'POST',
  path: '/v1/profile/upload',
  summary: 'Upload the own avatar (png, gif or jpeg)',
  access: 'session',
  multipart: ['profile', 'fname'],
  answer: z.string().describe('the new avatar URL'),
  codes: ['payload_too_large', 'image_too_large', 'unsupported_media_type'],
});

export const deleteAccount = defineCall({
  id: 'profile.deleteAccount',
  method: 'POST',
  path: '/v1/profile/delete',
  summary:
    'Delete the own account for good (the GDPR erasure path): needs the account password, base64, and a client with allow_delete; every session ends and personal data is erased',
  access: 'session',
  body: z.strictObject({ password: base64Of(confirmDialogPasswordRule) }),
  answer: okMessage,
  codes: [
    'forbidden',
    'owner_must_transfer',
    'invalid_credentials',
    'account_blocked',
    'account_awaiting_reset',
    'rate_limit_exceeded',
  ],
});
