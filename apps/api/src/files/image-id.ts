/** Ids of stored images are UUIDs (v7); anything else cannot name one. */
const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isImageId(value: string): boolean {
  return IMAGE_ID.test(value);
}

/**
 * The image id in a URL the API served (`imageUrl`): absolute from the public URL, or the same
 * path without the origin. Undefined for anything else, so a foreign URL is never stored.
 */
export function imageIdFromUrl(publicUrl: string, url: string): string | undefined {
  const prefix = '/v1/files/';
  const path = url.startsWith(`${publicUrl}${prefix}`) ? url.slice(publicUrl.length) : url;
  if (!path.startsWith(prefix)) return undefined;
  const id = path.slice(prefix.length);
  return isImageId(id) ? id : undefined;
}
