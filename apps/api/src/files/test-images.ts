import { crc32, deflateSync } from 'node:zlib';

/**
 * Real, tiny images built byte by byte, and a multipart form around them: used by the tests of
 * every upload call (nothing in the server imports this file).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** The size an image's header declares: 1x1 unless a test builds an "image bomb". */
export interface Declared {
  width?: number;
  height?: number;
}

/** A 1x1 red PNG (RGB, 8 bits), whose header may declare another size. */
export function tinyPng(declared: Declared = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(declared.width ?? 1, 0); // width
  header.writeUInt32BE(declared.height ?? 1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // depth 8, colour type RGB, deflate, no filter, no interlace
  const scanline = Buffer.from([0, 0xff, 0, 0]); // filter byte, then R G B
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1x1 transparent GIF89a, whose logical screen may declare another size. */
export function tinyGif(declared: Declared = {}): Buffer {
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  gif.writeUInt16LE(declared.width ?? 1, 6);
  gif.writeUInt16LE(declared.height ?? 1, 8);
  return gif;
}

/**
 * A 1x1 grey baseline JPEG: one component, quantisation table of ones, Huffman tables with a
 * single one-bit code each, and one block whose DC difference is 0 followed by end-of-block.
 */
export function tinyJpeg(declared: Declared = {}): Buffer {
  const width = declared.width ?? 1;
  const height = declared.height ?? 1;
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const oneCodeTable = (classAndId: number) => [classAndId, 1, ...new Array<number>(15).fill(0), 0];
  return Buffer.from([
    0xff,
    0xd8, // SOI
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]), // DQT
    // SOF0: 8 bits, height, width, one component
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCodeTable(0x00)), // DHT: DC table 0
    ...segment(0xc4, oneCodeTable(0x10)), // DHT: AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    0x3f, // bits 0 (DC difference 0) and 0 (EOB), padded with ones
    0xff,
    0xd9, // EOI
  ]);
}

/** A multipart form with the image in `profile` and the given text fields. */
export function uploadForm(
  bytes: Buffer,
  options: { type?: string; filename?: string; fields?: Record<string, string> } = {},
): FormData {
  const form = new FormData();
  form.append(
    'profile',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.filename ?? 'image.png',
  );
  form.append('fname', options.filename ?? 'image.png');
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  return form;
}
