import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { MailBox } from './mail.js';
import type { Member } from './members.js';
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
