import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';

/**
 * The status of the account that is to own a company (by its e-mail, lowercased), its row held
 * FOR SHARE until the caller commits: a password reset or a block of the account (which update
 * the row) then waits for the change of owner, or the change of owner waits for them and reads
 * what they wrote; never a promotion decided on a status that was changing under it (a reset
 * by another company's administrator, which refuses the owner of a company, would otherwise
 * land on the new owner). Take it after the company row and before the person's lock, the
 * order of an erasure (erasure/only-owner.ts) and of a reset (users/reset-password.ts).
 * Answers null when there is no account.
 */
export async function lockNewOwnerAccount(
  tx: Prisma.TransactionClient,
  email: string,
): Promise<string | null> {
  const [account] = await tx.$queryRaw<{ status: string }[]>`
    SELECT status::text AS status FROM users WHERE email = ${email} FOR SHARE`;
  return account?.status ?? null;
}

/**
 * Refuses (forbidden) making an account that cannot sign in now (blocked, or awaiting the reset
 * an administrator started) a company's owner: the old owner, now admin, may not reset an owner,
 * so the company would be left with nobody able to act as its owner.
 */
export function assertMayOwn(status: string | null): void {
  if (status !== 'active') {
    throw new ApiError('forbidden', 'Their account cannot sign in: it is blocked or being reset.');
  }
}
