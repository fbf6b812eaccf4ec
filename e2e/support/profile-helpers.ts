import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { MailBox } from './mail.js';
import type { Member } from './members.js';
import { expect } from '@playwright/test';
import { continueToShell, submitPassword } from './mfa-browser.js';
import { API_ORIGIN } from './stack.js';

/** The envelope of a call made from inside the page, with its HTTP status. */
export interface PageAnswer {
  status: number;
  Code: string;
  Msg: unknown;
}

/**
 * A POST from the page's own session (its cookie, its origin), the way a user could send it from
 * the browser's console: used to show that the server refuses what the screen does not offer.
 */
export function postFromPage(page: Page, path: string, body: unknown): Promise<PageAnswer> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const envelope = (await response.json()) as { Code: string | number; Msg: unknown };
      return { status: response.status, Code: String(envelope.Code), Msg: envelope.Msg };
    },
    { path, body },
  );
}

/** A file as a form sends it: its name, its declared type and its bytes. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A multipart upload (the file under `profile`, its name as `fname`, like the portal's) from the
 * page's own session: the call a user could make without the screen's control.
 */
export function uploadFromPage(page: Page, path: string, file: UploadFile): Promise<PageAnswer> {
  return page.evaluate(
    async ({ path, name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const form = new FormData();
      form.append('profile', new File([bytes], name, { type: mimeType }));
      form.append('fname', name);
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json' },
        body: form,
      });
      const envelope = (await response.json()) as { Code: string | number; Msg: unknown };
      return { status: response.status, Code: String(envelope.Code), Msg: envelope.Msg };
    },
    { path, name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
}

/** A text file under an image's name and type: only the server's look at the bytes refuses it. */
export function textAsPng(): UploadFile {
  return { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image\n') };
}

/** A plain text file, refused by its type before it is sent. */
export function textFile(): UploadFile {
  return { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image\n') };
}

/** The address of an avatar image once it has loaded (a broken image falls back to initials). */
export async function loadedImageSrc(image: Locator): Promise<string> {
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
  return (await image.getAttribute('src')) ?? '';
}

/**
 * Signs the member in to the portal from another browser (a context of its own, so a device of
 * its own, from its own client address); the device code comes from the mail peer.
 */
export async function signInFromSecondBrowser(
  browser: Browser,
  mail: MailBox,
  member: Member,
  clientIp: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: API_ORIGIN,
    extraHTTPHeaders: { 'x-forwarded-for': clientIp },
  });
  const page = await context.newPage();
  await submitPassword(page, mail, member);
  await continueToShell(page);
  return context;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real 8x8 PNG in the portal's navy: small enough to upload, big enough to see. */
export function tinyPng(): Buffer {
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // depth 8, RGB, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill([31, 58, 95]).flat())]);
  const pixels = Buffer.concat(Array<Buffer>(size).fill(row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
