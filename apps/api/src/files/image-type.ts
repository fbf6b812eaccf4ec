import type { ImageType } from '@portico/contracts';

/**
 * The type of an uploaded image, decided by its first bytes (its "magic number") and never by
 * the declared content type or the file name, which the uploader chooses freely: a script
 * renamed .png must not be stored and served as an image.
 */
const SIGNATURES: readonly { type: ImageType; bytes: readonly number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // GIF87a and GIF89a
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
  // SOI marker followed by the start of the next marker
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const match = SIGNATURES.find(
    (signature) =>
      bytes.length > signature.bytes.length &&
      signature.bytes.every((byte, index) => bytes[index] === byte),
  );
  return match?.type;
}
