import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_DIMENSION, PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createUser, openTestSession } from '../../test/factories.js';
import { MAX_IMAGE_BYTES } from './uploads.js';
import { tinyGif, tinyJpeg, tinyPng, uploadForm } from './test-images.js';

/**
 * Every upload goes through the same reader and store (files/read-image-upload.ts,
 * files/store-image.ts); the avatar upload stands for all four here, and the files are served
 * back by files.get.
 */
describe('image uploads and served files', () => {
  let t: TestApp;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    const user = await createUser(t);
    userId = user.id;
    cookie = (await openTestSession(t, user, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const upload = (payload: FormData | Record<string, unknown>, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/profile/upload',
      headers: { cookie, ...headers },
      payload,
    });
  const avatarId = async () =>
    (await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).avatarId;
  const fileId = (url: string) => url.split('/v1/files/')[1] ?? '';

  it.each([
    ['png', tinyPng(), 'image/png'],
    ['gif', tinyGif(), 'image/gif'],
    ['jpeg', tinyJpeg(), 'image/jpeg'],
  ])(
    'stores a real %s and serves it back with its type and cache headers',
    async (_, bytes, type) => {
      // The declared type is wrong on purpose: the bytes decide.
      const res = await upload(uploadForm(bytes, { type: 'application/octet-stream' }));
      expect(res.statusCode).toBe(200);
      const url: string = res.json().Msg;
      expect(url).toMatch(/^http:\/\/localhost:1234\/v1\/files\/[0-9a-f-]{36}$/);
      const id = fileId(url);
      expect(await avatarId()).toBe(id);
      const row = await t.db.prisma.storedImage.findUniqueOrThrow({ where: { id } });
      const sha = createHash('sha256').update(bytes).digest('hex');
      expect(row).toMatchObject({ contentType: type, size: bytes.length, sha256: sha });
      expect(Buffer.from(row.bytes).equals(bytes)).toBe(true);

      const served = await t.app.inject({ method: 'GET', url: `/v1/files/${id}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers.etag).toBe(`"${sha}"`);
      expect(served.rawPayload.equals(bytes)).toBe(true);

      const again = await t.app.inject({
        method: 'GET',
        url: `/v1/files/${id}`,
        headers: { 'if-none-match': `"${sha}"` },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(`"${sha}"`);
    },
  );

  it('deletes the replaced image when nothing else uses it', async () => {
    const first = fileId((await upload(uploadForm(tinyPng()))).json().Msg);
    const second = fileId((await upload(uploadForm(tinyGif()))).json().Msg);
    expect(second).not.toBe(first);
    expect(await t.db.prisma.storedImage.findUnique({ where: { id: first } })).toBeNull();
    expect(await avatarId()).toBe(second);
  });

  it('refuses a text file named .png and declared image/png, storing nothing', async () => {
    const before = await avatarId();
    const count = await t.db.prisma.storedImage.count();
    const res = await upload(
      uploadForm(Buffer.from('<script>alert(1)</script> not an image'), {
        type: 'image/png',
        filename: 'evil.png',
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().Code).toBe('unsupported_media_type');
    expect(await avatarId()).toBe(before);
    expect(await t.db.prisma.storedImage.count()).toBe(count);
  });

  it.each([
    ['png', tinyPng({ width: 100_000, height: 100_000 })],
    ['gif', tinyGif({ width: 65_535, height: 10 })],
    ['jpeg', tinyJpeg({ width: 10, height: 40_000 })],
    ['png one pixel too wide', tinyPng({ width: IMAGE_MAX_DIMENSION + 1, height: 1 })],
  ])(
    'refuses an image bomb (%s) by its header with image_too_large, storing nothing',
    async (_, bytes) => {
      const before = await avatarId();
      const count = await t.db.prisma.storedImage.count();
      const res = await upload(uploadForm(bytes));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ Code: 'image_too_large', Msg: 'image_too_large' });
      expect(await avatarId()).toBe(before);
      expect(await t.db.prisma.storedImage.count()).toBe(count);
    },
  );

  it('accepts an image of exactly the largest size', async () => {
    const res = await upload(
      uploadForm(tinyJpeg({ width: IMAGE_MAX_DIMENSION, height: IMAGE_MAX_DIMENSION })),
    );
    expect(res.json().Code).toBe('200');
  });

  it('refuses a file over the size limit with payload_too_large', async () => {
    const count = await t.db.prisma.storedImage.count();
    const big = Buffer.concat([tinyPng(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const res = await upload(uploadForm(big));
    expect(res.statusCode).toBe(413);
    expect(res.json().Code).toBe('payload_too_large');
    expect(await t.db.prisma.storedImage.count()).toBe(count);
  });

  it('accepts a file just under the limit', async () => {
    const png = tinyPng();
    const near = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]);
    const res = await upload(uploadForm(near));
    expect(res.statusCode).toBe(200);
    expect(res.json().Code).toBe('200');
  });

  it('answers a JSON body, a missing file and an empty file with incomplete_param', async () => {
    const json = await upload({ profile: 'iVBORw0KGgo=' });
    expect(json.statusCode).toBe(400);
    expect(json.json().Code).toBe('incomplete_param');

    const noFile = new FormData();
    noFile.append('fname', 'a.png');
    const missing = await upload(noFile);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Code).toBe('incomplete_param');

    const wrongField = new FormData();
    wrongField.append('avatar', new Blob([new Uint8Array(tinyPng())]), 'a.png');
    expect((await upload(wrongField)).json().Code).toBe('incomplete_param');

    expect((await upload(uploadForm(Buffer.alloc(0)))).json().Code).toBe('incomplete_param');
  });

  it('answers a damaged multipart body without a server error', async () => {
    const res = await upload('--xyz\r\nContent-Disposition: form-data; name="profile"' as never, {
      'content-type': 'multipart/form-data; boundary=xyz',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(['incomplete_param', 'payload_too_large']).toContain(res.json().Code);
  });

  it('refuses an upload without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/upload',
      payload: uploadForm(tinyPng()),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().Code).toBe('auth_invalid');
  });

  it('answers not_found for an unknown, malformed or over-long file id', async () => {
    for (const id of [
      '0190a3c2-0000-7000-8000-000000000000',
      'not-an-id',
      "1' OR '1'='1",
      'x'.repeat(300),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/files/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().Code).toBe('not_found');
    }
  });
});
