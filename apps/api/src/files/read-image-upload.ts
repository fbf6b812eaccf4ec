import type { FastifyRequest } from 'fastify';
import type { ImageType } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { sniffImageType } from './image-type.js';
import { assertSaneDimensions } from './image-dimensions.js';
import { MAX_IMAGE_BYTES } from './uploads.js';

/** An uploaded image that passed the checks: its bytes and the type its bytes show. */
export interface AcceptedImage {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: ImageType;
}

export interface ImageUpload {
  image: AcceptedImage;
  /** The text fields of the form (the last value of each name). */
  fields: Record<string, string>;
}

/** The multipart file field of every upload call (the contracts list it first). */
export const IMAGE_FIELD = 'profile';

/** Errors of @fastify/multipart that mean "too much": a bigger file or too many parts. */
const TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * Reads a multipart upload: the image in the `profile` field and the text fields, in any order.
 * A request that is not multipart, has no image or a damaged form answers incomplete_param; a
 * file over MAX_IMAGE_BYTES (or too many parts) payload_too_large; bytes that are not png, gif
 * or jpeg unsupported_media_type; an image declaring more than IMAGE_MAX_DIMENSION pixels a
 * side image_too_large (image-dimensions.ts). Nothing is stored here.
 */
export async function readImageUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) {
    throw new ApiError('incomplete_param', { fields: { [IMAGE_FIELD]: 'Required' } });
  }
  const fields: Record<string, string> = {};
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Every file part must be read to the end, or the form stops being parsed.
        const content = await part.toBuffer();
        if (part.fieldname === IMAGE_FIELD) bytes = content;
      } else {
        if (part.valueTruncated) throw new ApiError('incomplete_param', 'A field is too long.');
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (bytes === undefined || bytes.length === 0) {
    throw new ApiError('incomplete_param', { fields: { [IMAGE_FIELD]: 'Required' } });
  }
  if (bytes.length > MAX_IMAGE_BYTES) throw new ApiError('payload_too_large');
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new ApiError('unsupported_media_type');
  await assertSaneDimensions(bytes);
  // A copy on its own ArrayBuffer: what the database driver stores.
  return { image: { bytes: new Uint8Array(bytes), contentType }, fields };
}

function uploadError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TOO_LARGE.has(code)) return new ApiError('payload_too_large');
  // A damaged or truncated form, a field named like a prototype property...
  return new ApiError('incomplete_param', 'The upload form could not be read.');
}
