import { SECRET_MASK_KEEP, SECRET_MASK_MIN_LENGTH, TRUNCATE_LENGTH } from '../constants.js';

/**
 * Display rules of sections 2, 3 and 9: how secrets, long read-only text and default avatars
 * are shown. Pure, so the API can also send the mask.
 */

/** First and last three characters when the secret has at least 6; otherwise fully masked. */
export function maskSecret(secret: string): string {
  if (secret.length < SECRET_MASK_MIN_LENGTH) return '*'.repeat(secret.length);
  const hidden = secret.length - 2 * SECRET_MASK_KEEP;
  return secret.slice(0, SECRET_MASK_KEEP) + '*'.repeat(hidden) + secret.slice(-SECRET_MASK_KEEP);
}

export const ELLIPSIS = '...';

/** Read-only long text: the first 20 characters plus an ellipsis. */
export function truncate(text: string, max: number = TRUNCATE_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') + ELLIPSIS : text;
}

/**
 * The default avatar (section 2: "the first two letters of the name"): its first two letters or
 * digits (a username may have no letters), upper-cased as an avatar shows them; "?" for a name
 * with neither.
 */
export function initials(name: string): string {
  const letters = name.match(/[\p{L}\p{N}]/gu) ?? [];
  return letters.slice(0, 2).join('').toUpperCase() || '?';
}
