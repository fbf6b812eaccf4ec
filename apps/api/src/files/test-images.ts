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

/** A 1x1 red PNG (RGB, 8 bits). */
export function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // depth 8, colour type RGB, deflate, no filter, no interlace
  const scanline = Buffer.from([0, 0xff, 0, 0]); // filter byte, then R G B
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1x1 transparent GIF89a. */
export function tinyGif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
}

/**
 * A 1x1 grey baseline JPEG: one component, quantisation table of ones, Huffman tables with a
 * single one-bit code each, and one block whose DC difference is 0 followed by end-of-block.
 */
export function tinyJpeg(): Buffer {
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
    ...segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]), // SOF0: 8 bits, 1x1, one component
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
