/** A width and height a decoder allocates for. */
export interface Canvas {
  width: number;
  height: number;
}

const EXTENSION = 0x21;
const IMAGE = 0x2c;
const TRAILER = 0x3b;

/** The bytes of a colour table that a packed field with its flag `0x80` announces. */
const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/** The position after a chain of data sub-blocks starting at `at`, or -1 when it is cut. */
function skipSubBlocks(bytes: Uint8Array, at: number): number {
  let position = at;
  for (;;) {
    const size = bytes[position];
    if (size === undefined) return -1;
    position += 1 + size;
    if (size === 0) return position;
  }
}

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);

/**
 * Every canvas a GIF makes a decoder allocate: the logical screen, and the extent of each
 * frame (its offset plus its size), since a frame larger than the screen grows it (browsers
 * size the screen from the first frame). The blocks are walked from the header to the trailer,
 * skipping the image data by its sub-block lengths: no pixel is decoded. Undefined for anything
 * that is not a well-formed GIF with at least one frame of a size above zero.
 */
export function gifCanvases(bytes: Uint8Array): Canvas[] | undefined {
  if (bytes.length < 13) return undefined;
  const screen = { width: u16(bytes, 6), height: u16(bytes, 8) };
  const canvases: Canvas[] = [screen];
  let position = 13 + colourTable(bytes[10] ?? 0);
  for (;;) {
    const block = bytes[position];
    if (block === TRAILER) break;
    if (block === EXTENSION) {
      // Introducer, label, then the extension's sub-blocks.
      position = skipSubBlocks(bytes, position + 2);
    } else if (block === IMAGE) {
      if (position + 10 > bytes.length) return undefined;
      const left = u16(bytes, position + 1);
      const top = u16(bytes, position + 3);
      const width = u16(bytes, position + 5);
      const height = u16(bytes, position + 7);
      if (width === 0 || height === 0) return undefined;
      canvases.push({ width: left + width, height: top + height });
      // Descriptor, local colour table, LZW minimum code size, then the image data.
      position = skipSubBlocks(bytes, position + 10 + colourTable(bytes[position + 9] ?? 0) + 1);
    } else {
      return undefined;
    }
    if (position < 0) return undefined;
  }
  if (screen.width === 0 || screen.height === 0 || canvases.length < 2) return undefined;
  return canvases;
}
