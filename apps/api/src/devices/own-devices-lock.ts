import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import type { SessionContext } from '../sessions/session-guard.js';

/**
 * Serialises the changes to one person's devices (block, reactivate, remove) for the rest of
 * the transaction, then checks that the acting session is still live. Two devices changing each
 * other at once would otherwise both pass the session guard (neither had committed yet) and
 * both win: each session ends the other's, and the person is left with neither device. Under
 * the lock the second finds its own session ended (or, removed, gone) and answers
 * session_invalid, as it would have one after the other.
 *
 * A transaction-scoped advisory lock, not the users row: a sign-in holds that row while it opens
 * its session, and a block or removal of its device must not wait for it
 * (devices/device-race.test.ts). Take it first, before the users row (reactivation): a block
 * holding it waits on that row for its audit event's foreign key.
 */
export async function lockOwnDevices(
  tx: Prisma.TransactionClient,
  session: Pick<SessionContext, 'id' | 'userId'>,
): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`devices:${session.userId}`}, 0))`;
  const live = await tx.session.count({ where: { id: session.id, endedAt: null } });
  if (live === 0) throw new ApiError('session_invalid');
}
