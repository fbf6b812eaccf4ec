import type { Prisma } from '@portico/db';

/**
 * Serialises the writes to one person's access in one company (role updates, invitations,
 * removal) for the rest of the transaction: a transaction-scoped advisory lock on the pair.
 * Two concurrent calls then run one after the other, so each sees the other's rows instead of
 * both inserting (the unique key would refuse the second with a 500) or both deleting.
 */
export async function lockAccessOf(
  tx: Prisma.TransactionClient,
  companyId: string,
  key: string,
): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`access:${companyId}:${key}`}, 0))`;
}
