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

/** One frame of a GIF: where it sits on the logical screen and its size (1x1 at 0,0). */
export interface GifFrame {
  left?: number;
  top?: number;
  width?: number;
  height?: number;
}

const u16le = (value: number) => [value & 0xff, (value >> 8) & 0xff];

/**
 * A transparent GIF89a: a 1x1 logical screen (unless declared otherwise) and one 1x1 frame, or
 * the frames given, each with the same one pixel of image data whatever size it declares.
 */
export function tinyGif(declared: Declared & { frames?: GifFrame[] } = {}): Buffer {
  const frames = (declared.frames ?? [{}]).flatMap((frame) => [
    ...[0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00], // graphic control: transparent index 0
    0x2c, // image descriptor
    ...u16le(frame.left ?? 0),
    ...u16le(frame.top ?? 0),
    ...u16le(frame.width ?? 1),
    ...u16le(frame.height ?? 1),
    0x00, // no local colour table
    ...[0x02, 0x01, 0x44, 0x00], // LZW minimum code size 2, one sub-block, terminator
  ]);
  return Buffer.from([
    ...Buffer.from('GIF89a', 'ascii'),
    ...u16le(declared.width ?? 1),
    ...u16le(declared.height ?? 1),
    ...[0x80, 0x00, 0x00], // a global colour table of two entries
    ...[0x00, 0x00, 0x00, 0xff, 0xff, 0xff],
    ...frames,
    0x3b, // trailer
  ]);
}

/** A JPEG frame header (SOF0 unless another SOFn marker is given) and the size it declares. */
export interface JpegFrame {
  marker?: number;
  width: number;
  height: number;
}

/**
 * A 1x1 grey baseline JPEG: one component, quantisation table of ones, Huffman tables with a
 * single one-bit code each, and one block whose DC difference is 0 followed by end-of-block.
 */
export function tinyJpeg(
  declared: Declared & {
    /** Frame headers put straight after SOI, before everything else. */
    before?: JpegFrame[];
    /** Frame headers put after the scan's data, before EOI. */
    afterScan?: JpegFrame[];
  } = {},
): Buffer {
  const width = declared.width ?? 1;
  const height = declared.height ?? 1;
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  // SOFn: 8 bits, height, width, one component
  const sof = (frame: JpegFrame) =>
    segment(frame.marker ?? 0xc0, [
      8,
      frame.height >> 8,
      frame.height & 0xff,
      frame.width >> 8,
      frame.width & 0xff,
      1,
      1,
      0x11,
      0,
    ]);
  const oneCodeTable = (classAndId: number) => [classAndId, 1, ...new Array<number>(15).fill(0), 0];
  return Buffer.from([
    0xff,
    0xd8, // SOI
    ...(declared.before ?? []).flatMap(sof),
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]), // DQT
    ...sof({ width, height }), // the image's own frame header
    ...segment(0xc4, oneCodeTable(0x00)), // DHT: DC table 0
    ...segment(0xc4, oneCodeTable(0x10)), // DHT: AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    0x3f, // bits 0 (DC difference 0) and 0 (EOB), padded with ones
    ...(declared.afterScan ?? []).flatMap(sof),
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
