import type { Prisma } from '@portico/db';
import type { Database } from '../db.js';
import type { FactorTable, LockOutcome } from '../credentials/lockout.js';
import { lockOutIfSpent } from '../credentials/lockout.js';
import { endSessionsWhere } from './session-store.js';

/**
 * lockOutIfSpent (credentials/lockout.ts), and when it blocks the account, the end of every
 * session of it, in one transaction: a blocked account keeps no live session anywhere (its
 * owner may be the one attacked). The session check does not read the account's status (it is
 * one query), so a block committed without the end of its sessions, by a crash or a failed
 * statement between the two, would leave them usable by whoever holds them.
 * `whenBlocked` writes what goes with the block (its audit event) in the same transaction.
 */
export function lockOutEndingSessions(
  db: Database,
  lockout: { userId: string; limit: number; count: 'password' | FactorTable },
  whenBlocked?: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<LockOutcome> {
  return db.prisma.$transaction(async (tx) => {
    // Database.query runs on the open transaction (the lockout's UPDATE joins it).
    const outcome = await lockOutIfSpent(db, lockout.userId, lockout.limit, lockout.count);
    if (outcome === 'blocked') {
      await endSessionsWhere(tx, { userId: lockout.userId }, 'revoked');
      await whenBlocked?.(tx);
    }
    return outcome;
  });
}
