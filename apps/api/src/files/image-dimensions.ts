import { IMAGE_MAX_DIMENSION } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';

/**
 * Refuses an image bomb: a small file whose header declares a huge canvas, which every browser
 * showing the image would allocate. Only the header is read (image-size walks the PNG IHDR, the
 * GIF screen descriptor or the JPEG frame header), never a full decode on the request path.
 * A header that cannot be read is not an image we accept. image-size loads with the first
 * upload, not at start (docs/benchmarks.md, "Cold start").
 */
export async function assertSaneDimensions(bytes: Uint8Array): Promise<void> {
  const { imageSize } = await import('image-size');
  let size: { width: number; height: number };
  try {
    // A copy on its own memory: image-size reads through a DataView over the whole underlying
    // ArrayBuffer, so on a view (a pooled Buffer) a cut-off header would be completed by
    // whatever bytes follow it there. On the copy such a header is a RangeError: not an image.
    size = imageSize(new Uint8Array(bytes));
  } catch {
    throw new ApiError('unsupported_media_type');
  }
  if (size.width > IMAGE_MAX_DIMENSION || size.height > IMAGE_MAX_DIMENSION) {
    throw new ApiError('image_too_large');
  }
}
