import { GLOBAL_APP_ID, OWNER_ROLE_ID } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import type { SessionContext } from '../sessions/session-guard.js';
import { isOwner } from './company-member.js';

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

/**
 * The per-person lock (lockAccessOf) of an account named by id, for calls that change what the
 * company keeps about a member (branches, names) and must not outlive their removal. The
 * account's row is held KEY SHARE first: its e-mail, which the lock is keyed on, stays the same
 * until the caller commits, and its erasure (erasure/delete-own-account.ts, FOR UPDATE) waits
 * for the caller and then takes what it wrote, instead of deleting the account under it (the
 * caller's insert would fail its foreign key: a 500). Answers the e-mail, or null when there
 * is no such account; the caller then checks membership under the lock.
 */
export async function lockAccessOfAccount(
  tx: Prisma.TransactionClient,
  companyId: string,
  userId: string,
): Promise<string | null> {
  const [account] = await tx.$queryRaw<{ email: string }[]>`
    SELECT email FROM users WHERE id = ${userId} FOR KEY SHARE`;
  if (!account) return null;
  await lockAccessOf(tx, companyId, account.email);
  return account.email;
}

/**
 * Whether the caller still holds global.owner (verified) in the company, read under the company
 * row's lock, which every change of owner takes (ownership/hand-over.ts): two owners demoting or
 * removing each other at once, or a removal racing a transfer, then run one after the other, and
 * the second finds its caller no longer the owner. Take it first, before any per-person lock
 * (the order every change of owner uses). NO KEY UPDATE: other writes of the company's rows
 * (their foreign-key checks) do not wait for it. A caller whose session is not an owner's
 * answers false without a lock.
 */
export async function ownerUnderLock(
  tx: Prisma.TransactionClient,
  session: SessionContext,
  companyId: string,
): Promise<boolean> {
  if (!isOwner(session)) return false;
  await tx.$queryRaw`SELECT id FROM companies WHERE id = ${companyId} FOR NO KEY UPDATE`;
  const held = await tx.accessRole.count({
    where: {
      appId: GLOBAL_APP_ID,
      roleId: OWNER_ROLE_ID,
      access: { companyId, userId: session.userId, status: 'verified' },
    },
  });
  return held > 0;
}
