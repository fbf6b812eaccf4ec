/**
 * The address of a stored image (avatars, company images, application icons), or "" when there
 * is none, so the portal shows its default. Absolute, from the configured public URL, because
 * client applications show landing icons too.
 */
export function imageUrl(publicUrl: string, imageId: string | null | undefined): string {
  return imageId ? `${publicUrl}/v1/files/${imageId}` : '';
}
