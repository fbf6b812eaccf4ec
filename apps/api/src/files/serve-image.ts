import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db.js';
import { ApiError } from '../http/api-error.js';
import { isImageId } from './image-id.js';

/** Ids are never reused, so a served image never changes: browsers may keep it for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Sends a stored image with its content type, or a 304 when the browser already holds it (its
 * ETag is the bytes' SHA-256). An unknown or malformed id answers not_found.
 */
export async function serveImage(
  db: Database,
  id: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (!isImageId(id)) throw new ApiError('not_found');
  const headerOnly = await db.prisma.storedImage.findUnique({
    where: { id },
    select: { sha256: true, contentType: true },
  });
  if (!headerOnly) throw new ApiError('not_found');
  const etag = `"${headerOnly.sha256}"`;
  reply
    .header('ETag', etag)
    .header('Cache-Control', IMAGE_CACHE_CONTROL)
    .header('X-Content-Type-Options', 'nosniff')
    // Client applications on other sites show landing icons and avatars from here: helmet's
    // same-site default would make browsers refuse them.
    .header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (matchesEtag(request.headers['if-none-match'], headerOnly.sha256)) {
    reply.code(304).send();
    return;
  }
  // The bytes are read only when the browser does not have them yet.
  const image = await db.prisma.storedImage.findUnique({
    where: { id },
    select: { bytes: true, contentType: true },
  });
  if (!image) throw new ApiError('not_found');
  reply.code(200).type(image.contentType).send(Buffer.from(image.bytes));
}

/** If-None-Match: `*`, or a list of (possibly weak) entity tags. */
function matchesEtag(header: string | undefined, sha256: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '').replace(/"/g, '') === sha256);
}
