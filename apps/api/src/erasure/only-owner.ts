import { GLOBAL_APP_ID, OWNER_ROLE_ID } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';

type Tx = Prisma.TransactionClient;

/** The companies `userId` owns (global.owner, verified), in id order. */
async function ownedCompanies(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.access.findMany({
    where: {
      userId,
      appId: GLOBAL_APP_ID,
      status: 'verified',
      roles: { some: { roleId: OWNER_ROLE_ID } },
    },
    distinct: ['companyId'],
    orderBy: { companyId: 'asc' },
    select: { companyId: true },
  });
  return rows.map((row) => row.companyId);
}

/** Locks company rows the way every change of owner does (ownership/hand-over.ts). */
async function lockCompanies(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.$queryRaw`
    SELECT id FROM companies WHERE id = ANY(${ids}::text[]) ORDER BY id FOR NO KEY UPDATE`;
}

/**
 * Locks the account for its erasure and refuses (owner_must_transfer) while it is the only
 * owner of a company. The rows of the companies it owns are locked first, as every change of
 * owner takes them, then its own row: two owners of one company erasing themselves at once, or
 * an erasure racing a transfer, then run one after the other, and the second counts the owners
 * the first left (each alone saw the other still there, and both went). The account's row lock
 * keeps an owner invitation or a transfer to it from landing halfway; one that landed before
 * it is found by the second read and its company locked too. Answers the companies it owns
 * (each with another owner), their rows locked until the caller commits.
 */
export async function lockAccountUnlessOnlyOwner(tx: Tx, userId: string): Promise<string[]> {
  const first = await ownedCompanies(tx, userId);
  await lockCompanies(tx, first);
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
  const owned = await ownedCompanies(tx, userId);
  await lockCompanies(
    tx,
    owned.filter((id) => !first.includes(id)),
  );
  for (const companyId of owned) {
    const others = await tx.access.count({
      where: {
        companyId,
        appId: GLOBAL_APP_ID,
        status: 'verified',
        NOT: { userId },
        roles: { some: { roleId: OWNER_ROLE_ID } },
      },
    });
    if (others === 0) throw new ApiError('owner_must_transfer');
  }
  return owned;
}
