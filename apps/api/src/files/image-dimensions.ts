import { IMAGE_MAX_DIMENSION } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import type { Canvas } from './gif-canvases.js';
import { gifCanvases } from './gif-canvases.js';
import { sniffImageType } from './image-type.js';
import { jpegFrames } from './jpeg-frames.js';

/**
 * The PNG's size from its IHDR (image-size). A copy on its own memory: image-size reads
 * through a DataView over the whole underlying ArrayBuffer, so on a view (a pooled Buffer) a
 * cut-off header would be completed by whatever bytes follow it there. On the copy such a
 * header is a RangeError: not an image. image-size loads with the first upload, not at start
 * (docs/benchmarks.md, "Cold start").
 */
async function pngCanvases(bytes: Uint8Array): Promise<Canvas[] | undefined> {
  const { imageSize } = await import('image-size');
  try {
    const { width, height } = imageSize(new Uint8Array(bytes));
    return width > 0 && height > 0 ? [{ width, height }] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses an image bomb: a small file whose headers declare a huge canvas, which every browser
 * showing the image would allocate. Every header a decoder sizes its memory by is read, never a
 * full decode on the request path: the PNG IHDR; the GIF screen descriptor and each frame's
 * descriptor (a frame may be larger than the screen: gif-canvases.ts); each JPEG frame header,
 * wherever it is (jpeg-frames.ts). A header that cannot be read is not an image we accept
 * (unsupported_media_type); a side over IMAGE_MAX_DIMENSION answers image_too_large.
 */
export async function assertSaneDimensions(bytes: Uint8Array): Promise<void> {
  const type = sniffImageType(bytes);
  const canvases =
    type === 'image/gif'
      ? gifCanvases(bytes)
      : type === 'image/jpeg'
        ? jpegFrames(bytes)
        : type === 'image/png'
          ? await pngCanvases(bytes)
          : undefined;
  if (!canvases) throw new ApiError('unsupported_media_type');
  const tooLarge = ({ width, height }: Canvas) =>
    width > IMAGE_MAX_DIMENSION || height > IMAGE_MAX_DIMENSION;
  if (canvases.some(tooLarge)) throw new ApiError('image_too_large');
}
