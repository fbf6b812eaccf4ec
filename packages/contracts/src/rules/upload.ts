/** Uploaded images (avatars, company images, application icons): section 5 accepts these. */
export const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Our bound: the specification names none; 2 MiB is ample for an avatar or an icon. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Our bound on an image's declared width and height (read from its header, never decoded): a
 * tiny file may declare 100000x100000 pixels, which every browser showing it would try to
 * allocate (an "image bomb"). 4096 is far above any avatar, company image or icon.
 */
export const IMAGE_MAX_DIMENSION = 4096;

/** The `accept` attribute of the file inputs. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export function isAcceptedImageType(type: string): type is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
}
