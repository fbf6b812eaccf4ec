import { createHash } from 'node:crypto';
import { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import type { AcceptedImage } from './read-image-upload.js';

type Tx = Prisma.TransactionClient;

/** The rows that point at an image: a user's avatar, a company's image, an app's two icons. */
export type ImageOwner =
  | { kind: 'avatar'; userId: string }
  | { kind: 'company'; companyId: string }
  | { kind: 'appSmallIcon'; appId: string }
  | { kind: 'appLargeIcon'; appId: string };

/** Table and column of each owner: fixed names, never taken from a request. */
const COLUMNS: Record<ImageOwner['kind'], { table: string; column: string }> = {
  avatar: { table: 'users', column: 'avatar_id' },
  company: { table: 'companies', column: 'image_id' },
  appSmallIcon: { table: 'applications', column: 'small_icon_id' },
  appLargeIcon: { table: 'applications', column: 'large_icon_id' },
};

function ownerId(owner: ImageOwner): string {
  switch (owner.kind) {
    case 'avatar':
      return owner.userId;
    case 'company':
      return owner.companyId;
    default:
      return owner.appId;
  }
}

/**
 * Stores an accepted image and points its owner at it, in the caller's transaction (with its
 * audit event). The owner row is locked first, so two uploads for the same owner cannot both
 * keep the old image alive; the replaced image is deleted unless something else uses it.
 * Answers not_found when the owner row does not exist. Returns the new image id.
 */
export async function storeImage(
  tx: Tx,
  owner: ImageOwner,
  image: AcceptedImage,
): Promise<{ id: string; replacedId: string | null }> {
  const { table, column } = COLUMNS[owner.kind];
  const id = ownerId(owner);
  const locked = await tx.$queryRaw<{ old: string | null }[]>`
    SELECT ${Prisma.raw(column)} AS old FROM ${Prisma.raw(table)} WHERE id = ${id} FOR UPDATE`;
  const row = locked[0];
  if (!row) throw new ApiError('not_found');

  const stored = await tx.storedImage.create({
    data: {
      bytes: image.bytes,
      contentType: image.contentType,
      size: image.bytes.length,
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
    },
    select: { id: true },
  });
  await tx.$executeRaw`
    UPDATE ${Prisma.raw(table)} SET ${Prisma.raw(column)} = ${stored.id}, updated_at = now()
     WHERE id = ${id}`;
  if (row.old) await releaseImage(tx, row.old);
  return { id: stored.id, replacedId: row.old };
}

/** Deletes a stored image that no user, company or application points at any more. */
export async function releaseImage(tx: Tx, imageId: string): Promise<boolean> {
  const result = await tx.storedImage.deleteMany({
    where: {
      id: imageId,
      userAvatars: { none: {} },
      companyImages: { none: {} },
      appSmallIcons: { none: {} },
      appLargeIcons: { none: {} },
    },
  });
  return result.count > 0;
}
