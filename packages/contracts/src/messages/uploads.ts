import { CODES } from '../codes.js';

/** The refusals every image upload (avatar, company image, icons) may answer. */
const UPLOAD_REFUSALS = ['payload_too_large', 'image_too_large', 'unsupported_media_type'] as const;

/**
 * What an image upload's refusal says, the same under every upload control: the catalogue's
 * text of the code, or undefined for any other answer (the control's own failure text then).
 */
export function uploadRefusalText(code: string): string | undefined {
  return (UPLOAD_REFUSALS as readonly string[]).includes(code)
    ? CODES[code as (typeof UPLOAD_REFUSALS)[number]].text
    : undefined;
}
