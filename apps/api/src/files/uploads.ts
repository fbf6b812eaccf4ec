import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/** Largest image accepted (avatars, company images, application icons). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * multipart/form-data for the upload calls only: one file, a few short fields. Read with
 * `request.file()`; a larger file fails with payload_too_large (see the errors plugin).
 */
export const uploadsPlugin = fp(async function uploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
});
