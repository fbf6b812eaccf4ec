import type { Prisma } from '@portico/db';
import { sha256 } from '../credentials/tokens.js';
import { ApiError } from '../http/api-error.js';

/**
 * Why a reset code cannot be used: unknown (forgot_invalid), already used (forgot_used) or
 * past its expiry (forgot_expired; issuing a newer link expires the older ones, and so does a
 * block of the account: only an administrator's reset lifts a block, and a link mailed before
 * the block must not lift it either).
 * Returns the token's user when the code is usable now.
 */
export async function assertResetCodeUsable(
  db: Pick<Prisma.TransactionClient, 'passwordResetToken'>,
  code: string,
): Promise<{ userId: string }> {
  const token = await db.passwordResetToken.findUnique({
    where: { tokenHash: sha256(code) },
    select: { userId: true, usedAt: true, expiresAt: true, user: { select: { status: true } } },
  });
  if (!token) throw new ApiError('forgot_invalid');
  if (token.usedAt) throw new ApiError('forgot_used');
  if (token.expiresAt.getTime() <= Date.now() || token.user.status === 'blocked') {
    throw new ApiError('forgot_expired');
  }
  return { userId: token.userId };
}
