import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { displayNameRule, personNameRule } from '../rules.js';

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
