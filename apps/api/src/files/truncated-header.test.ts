import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createApp, openTestSession } from '../../test/factories.js';
import { tableFingerprint } from '../../test/fingerprint.js';
import { assertSaneDimensions } from './image-dimensions.js';
import { tinyGif, tinyPng, uploadForm } from './test-images.js';

/**
 * A file cut off inside its image header (the width there, the height missing) is no image we
 * can size. image-size reads its header through a DataView over the whole underlying memory, so
 * once it read past the end of the upload into whatever followed it in Node's buffer pool: the
 * answer changed from one request to the next (200 and a stored broken image, or
 * image_too_large). Every upload call must answer unsupported_media_type and store nothing.
 */
const CUTS: [string, Buffer][] = [
  ['a PNG cut after 17 bytes', tinyPng().subarray(0, 17)],
  ['a PNG cut after 20 bytes (width only)', tinyPng().subarray(0, 20)],
  ['a PNG cut after 23 bytes (height partly)', tinyPng().subarray(0, 23)],
  ['a GIF cut after 8 bytes (width only)', tinyGif().subarray(0, 8)],
];

const UPLOADS = ['/v1/profile/upload', '/v1/com/img', '/v1/apps/icon'];

describe('uploads whose image header is cut short', () => {
  let t: TestApp;
  let cookie: string;
  let appId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const admin = await bootstrapPlatform(t);
    appId = (await createApp(t)).id;
    cookie = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  describe.each(UPLOADS)('%s', (url) => {
    it.each(CUTS)('%s answers unsupported_media_type, every time', async (_name, bytes) => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const before = await tableFingerprint(t.db);
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie },
          payload: uploadForm(Buffer.from(bytes), { fields: { app: appId } }),
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toMatchObject({ Code: 'unsupported_media_type' });
        expect(await tableFingerprint(t.db)).toEqual(before);
      }
    });
  });

  it('sizes the bytes of the view it is given, not the memory after them', async () => {
    // The cut header inside a larger buffer whose next bytes declare a huge height.
    const whole = Buffer.alloc(64, 0xff);
    tinyPng().subarray(0, 20).copy(whole);
    await expect(assertSaneDimensions(whole.subarray(0, 20))).rejects.toMatchObject({
      code: 'unsupported_media_type',
    });
  });
});
