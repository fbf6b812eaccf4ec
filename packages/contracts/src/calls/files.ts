import { z } from 'zod';
import { defineCall } from '../call.js';
import { opaqueId } from '../rules.js';

/**
 * Uploaded images (avatars, company images, application icons) live in the database and are
 * served here, so every API replica can answer. The answer is the image itself, not an envelope.
 */
export const get = defineCall({
  id: 'files.get',
  method: 'GET',
  path: '/v1/files/:id',
  summary: 'An uploaded image, with its content type and cache headers',
  access: 'public',
  pathChosen: true,
  params: z.strictObject({ id: opaqueId }),
  answer: z.string().meta({
    format: 'binary',
    description: 'binary: the image bytes (image/png, image/gif or image/jpeg), not { Code, Msg }',
  }),
  codes: ['not_found'],
});
