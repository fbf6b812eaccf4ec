import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { companyNameRule } from '../rules.js';

export const details = defineCall({
  id: 'company.details',
  method: 'GET',
  path: '/v1/com/details',
  summary: 'The profile of the current company',
  access: 'session',
  answer: z.object({
    id: z.string(),
    name: z.string(),
    img: z.string().describe('image URL, empty when none'),
    owner: z
      .string()
      .describe("the owner's display name (its e-mail while invited); empty when none"),
    second_factor_required: z
      .boolean()
      .default(false)
      .describe(
        'ours (docs/mfa.md): members without a second factor set one up after the password',
      ),
  }),
  codes: ['not_found'],
});

export const update = defineCall({
  id: 'company.update',
  method: 'POST',
  path: '/v1/com/update',
  summary: 'Rename the current company',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ name: companyNameRule }),
  answer: okMessage,
  codes: [],
});

export const setSecondFactorPolicy = defineCall({
  id: 'company.setSecondFactorPolicy',
  method: 'POST',
  path: '/v1/com/mfa',
  summary:
    'Ours (docs/mfa.md): require a second factor of every member of the current company, or stop requiring it',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ required: z.boolean() }),
  answer: okMessage,
  codes: [],
});

export const uploadImage = defineCall({
  id: 'company.uploadImage',
  method: 'POST',
  path: '/v1/com/img',
  summary: 'Upload the image of the current company (png, gif or jpeg)',
  access: 'company-admin',
  multipart: ['profile', 'fname'],
  answer: z.string().describe('the new image URL'),
  codes: ['payload_too_large', 'image_too_large', 'unsupported_media_type'],
});
