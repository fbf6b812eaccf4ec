import type { Canvas } from './gif-canvases.js';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
/** DHP: a hierarchical image's overall size, laid out as a frame header. */
const DHP = 0xde;
const TEM = 0x01;

/** SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC): every frame header, whatever its coding. */
const isFrameHeader = (marker: number) =>
  (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) ||
  marker === DHP;

/** RSTn and TEM stand alone: no length follows them. */
const standsAlone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === TEM;

/**
 * The position of the marker that ends a scan's entropy-coded data starting at `at` (an 0xFF
 * not followed by a stuffed 0x00 or a restart marker), or the end of the bytes.
 */
function endOfScan(bytes: Uint8Array, at: number): number {
  for (let position = at; position + 1 < bytes.length; position += 1) {
    if (bytes[position] !== 0xff) continue;
    const next = bytes[position + 1] ?? 0;
    if (next !== 0x00 && next !== 0xff && !standsAlone(next)) return position;
  }
  return bytes.length;
}

/**
 * Every frame size a JPEG declares: each frame header (SOFn, whatever the coding, and DHP),
 * wherever it is, found by walking the markers from SOI to EOI by their lengths and skipping
 * the entropy-coded data after each SOS, as a decoder does: no pixel is decoded. Undefined for
 * anything that is not a well-formed JPEG with a frame header, or with a size of zero (a height
 * left to a DNL marker, which browsers do not decode). A file cut inside a scan's data is read
 * up to there: nothing past the end can declare anything.
 */
export function jpegFrames(bytes: Uint8Array): Canvas[] | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return undefined;
  const frames: Canvas[] = [];
  let position = 2;
  while (position < bytes.length) {
    if (bytes[position] !== 0xff) return undefined;
    // Fill bytes: any number of 0xFF may come before a marker.
    while (bytes[position + 1] === 0xff) position += 1;
    const marker = bytes[position + 1];
    if (marker === undefined || marker === 0x00 || marker === SOI) return undefined;
    if (marker === EOI) break;
    if (standsAlone(marker)) {
      position += 2;
      continue;
    }
    const length = ((bytes[position + 2] ?? 0) << 8) | (bytes[position + 3] ?? 0);
    const end = position + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    if (isFrameHeader(marker)) {
      // Precision, height, width, then the components.
      if (length < 8) return undefined;
      const height = ((bytes[position + 5] ?? 0) << 8) | (bytes[position + 6] ?? 0);
      const width = ((bytes[position + 7] ?? 0) << 8) | (bytes[position + 8] ?? 0);
      if (width === 0 || height === 0) return undefined;
      frames.push({ width, height });
    }
    position = marker === SOS ? endOfScan(bytes, end) : end;
  }
  return frames.length > 0 ? frames : undefined;
}
