import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_DIMENSION, PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createUser, openTestSession } from '../../test/factories.js';
import { tableFingerprint } from '../../test/fingerprint.js';
import { assertSaneDimensions } from './image-dimensions.js';
import { tinyGif, tinyJpeg, uploadForm } from './test-images.js';

/**
 * Image bombs whose first header is small (found by hostile testing): the dimension check read
 * one header per format (image-size: a GIF's logical screen, the first JPEG frame header it
 * recognises), while a decoder allocates for every frame. A GIF frame larger than its screen
 * grows the canvas (browsers size the screen from the first frame); a JPEG frame header the
 * check skipped (the segment right after SOI, a lossless or arithmetic SOFn, one after the
 * scan) was never looked at. Every frame header is now read.
 */
const BIG = IMAGE_MAX_DIMENSION + 1;
const HUGE = 65_535;

const BOMBS: [string, Buffer][] = [
  ['a GIF frame wider than its 1x1 screen', tinyGif({ frames: [{ width: HUGE, height: 1 }] })],
  ['a GIF frame taller than its screen', tinyGif({ frames: [{ width: 1, height: BIG }] })],
  ['a GIF second frame that is huge', tinyGif({ frames: [{}, { width: HUGE, height: HUGE }] })],
  ['a GIF frame placed far off its screen', tinyGif({ frames: [{ left: HUGE - 1, top: 0 }] })],
  ['a JPEG huge frame right after SOI', tinyJpeg({ before: [{ width: HUGE, height: HUGE }] })],
  [
    'a JPEG huge lossless (SOF3) frame first',
    tinyJpeg({ before: [{ marker: 0xc3, width: HUGE, height: HUGE }] }),
  ],
  [
    'a JPEG huge arithmetic (SOF9) frame first',
    tinyJpeg({ before: [{ marker: 0xc9, width: BIG, height: 1 }] }),
  ],
  [
    'a JPEG second frame header after the scan',
    tinyJpeg({ afterScan: [{ width: HUGE, height: HUGE }] }),
  ],
];

/** Headers no decoder can size: no image we accept. */
const UNREADABLE: [string, Buffer][] = [
  ['a JPEG whose height is left to a DNL marker (0)', tinyJpeg({ width: 10, height: 0 })],
  ['a JPEG of width 0', tinyJpeg({ width: 0, height: 10 })],
  ['a GIF of 0x0', tinyGif({ width: 0, height: 0 })],
  ['a GIF with no frame', tinyGif({ frames: [] })],
  ['a GIF cut inside its frame descriptor', tinyGif().subarray(0, 30)],
  ['a JPEG cut inside its frame header', tinyJpeg().subarray(0, 75)],
  ['a JPEG with no frame header', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
];

describe('image bombs behind a small first header', () => {
  it.each(BOMBS)('refuses %s with image_too_large', async (_name, bytes) => {
    await expect(assertSaneDimensions(bytes)).rejects.toMatchObject({ code: 'image_too_large' });
  });

  it.each(UNREADABLE)('refuses %s with unsupported_media_type', async (_name, bytes) => {
    await expect(assertSaneDimensions(bytes)).rejects.toMatchObject({
      code: 'unsupported_media_type',
    });
  });

  it.each([
    [
      'a GIF whose frames fill exactly the largest screen',
      tinyGif({
        width: IMAGE_MAX_DIMENSION,
        height: IMAGE_MAX_DIMENSION,
        frames: [{}, { left: IMAGE_MAX_DIMENSION - 1, top: IMAGE_MAX_DIMENSION - 1 }],
      }),
    ],
    ['a plain GIF', tinyGif()],
    ['a plain JPEG', tinyJpeg()],
    ['a JPEG of the largest size', tinyJpeg({ width: IMAGE_MAX_DIMENSION, height: 1 })],
  ])('accepts %s', async (_name, bytes) => {
    await expect(assertSaneDimensions(bytes)).resolves.toBeUndefined();
  });
});

describe('uploading an image bomb behind a small first header', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    const user = await createUser(t);
    cookie = (await openTestSession(t, user, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  it.each(BOMBS)('refuses %s and stores nothing', async (_name, bytes) => {
    const before = await tableFingerprint(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/upload',
      headers: { cookie },
      payload: uploadForm(bytes),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ Code: 'image_too_large' });
    expect(await tableFingerprint(t.db)).toEqual(before);
  });
});
