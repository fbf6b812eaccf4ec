import { z } from 'zod';

/**
 * Credentials travel base64-encoded in JSON (specification, section 5). These helpers encode
 * in the portal and decode, strictly, in the API: bad base64 is a validation failure
 * (`incomplete_param`), never a crash. They use atob/btoa so they run in browsers and Node.
 */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** One decoder for every value: it keeps no state between whole (not streamed) decodes. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes strict, padded base64 holding UTF-8; undefined when it is not that. */
export function decodeBase64(value: string): string | undefined {
  if (!BASE64.test(value)) return undefined;
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

export const INVALID_BASE64 = 'Invalid base64 value.';

/** A text value the database cannot store (isStorableText): the field's message. */
export const UNSTORABLE_TEXT = 'Contains a character that cannot be stored.';

// With the u flag a surrogate pair is one code point: only a lone surrogate is in the range.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * Whether PostgreSQL can store the text: `text` refuses U+0000 (the statement fails), and a lone
 * surrogate is refused by `jsonb` and silently stored as U+FFFD by `text`. The API answers a
 * value that is not `incomplete_param`, with UNSTORABLE_TEXT for its field
 * (apps/api/src/http/storable-text.ts).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * A base64 string on the wire whose decoded text must satisfy `inner`. `maxEncoded` bounds the
 * encoded length before anything is decoded.
 */
export function base64Of<T extends z.ZodType<unknown, string>>(inner: T, maxEncoded = 1024) {
  return z
    .string()
    .max(maxEncoded)
    .transform((value, ctx) => {
      const decoded = decodeBase64(value);
      if (decoded === undefined) {
        ctx.addIssue({ code: 'custom', message: INVALID_BASE64 });
        return z.NEVER;
      }
      return decoded;
    })
    .pipe(inner)
    .describe('base64 of UTF-8 text');
}
