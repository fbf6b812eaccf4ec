import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { imageIdFromUrl } from '../files/image-id.js';
import { releaseImage } from '../files/store-image.js';

type Tx = Prisma.TransactionClient;

/**
 * Renames a company and, when `img` is given, points it at an image the API already serves
 * ("" removes the image). A URL that is not one of ours, or names no stored image, is refused:
 * a company image is never an arbitrary address.
 */
export async function updateCompany(
  tx: Tx,
  publicUrl: string,
  change: { id: string; name: string; img?: string | undefined },
): Promise<{ imageChanged: boolean }> {
  const locked = await tx.$queryRaw<{ image_id: string | null }[]>`
    SELECT image_id FROM companies WHERE id = ${change.id} FOR UPDATE`;
  const company = locked[0];
  if (!company) throw new ApiError('not_found');

  let imageId = company.image_id;
  if (change.img !== undefined) imageId = await servedImage(tx, publicUrl, change.img.trim());
  await tx.company.update({ where: { id: change.id }, data: { name: change.name, imageId } });
  const imageChanged = imageId !== company.image_id;
  if (imageChanged && company.image_id) await releaseImage(tx, company.image_id);
  return { imageChanged };
}

async function servedImage(tx: Tx, publicUrl: string, img: string): Promise<string | null> {
  if (img === '') return null;
  const id = imageIdFromUrl(publicUrl, img);
  // KEY SHARE: the image cannot be deleted (its owner replacing it) before this commits.
  const exists =
    id &&
    (await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM stored_images WHERE id = ${id} FOR KEY SHARE`);
  if (!id || !exists || exists.length === 0) {
    throw new ApiError('incomplete_param', { fields: { img: 'Not an image of this portal.' } });
  }
  return id;
}
