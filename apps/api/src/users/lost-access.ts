import type { Prisma } from '@portico/db';
import { revokeGrantsWhere } from '../oidc/grants.js';
import { endSessionsWhere } from '../sessions/session-store.js';

type Tx = Prisma.TransactionClient;

/** An application's access that an operation took from someone in a company. */
export interface LostAccess {
  companyId: string;
  appId: string;
  /** Access is held by e-mail (an invitation has no user yet). */
  email: string;
  userId: string | null;
}

/**
 * What taking an application's access from people ends, however it was taken (a user's roles
 * updated, a role or an application removed), called in the same transaction once their access
 * rows are gone:
 * - someone left with no access at all in the company loses their sessions there, and with them
 *   every OpenID Connect grant made there, and their branch assignments and names there, as
 *   when an administrator removes them (remove-access.ts, `access_removed`;
 *   docs/users-admin.md);
 * - someone with other access left there keeps their sessions, but the grants of that
 *   application's clients in that company end: their tokens carry the access that is gone, and
 *   nothing else would refuse them (docs/oidc.md, "Sessions are one").
 * Set-based, in batches of PEOPLE_PER_BATCH: a read of who has access left, an end of sessions
 * and a revocation of grants for each, however many people an application's removal touches.
 * Returns how many sessions ended.
 */
export async function endWhatLostAccessEnds(tx: Tx, lost: readonly LostAccess[]): Promise<number> {
  const people = lost.filter(
    (one): one is LostAccess & { userId: string } => typeof one.userId === 'string',
  );
  let ended = 0;
  for (let from = 0; from < people.length; from += PEOPLE_PER_BATCH) {
    ended += await endForBatch(tx, people.slice(from, from + PEOPLE_PER_BATCH));
  }
  return ended;
}

/**
 * Each person is a few bind parameters of each statement: PostgreSQL takes at most 65,535 in
 * one, and an application's removal may touch every member of every company.
 */
const PEOPLE_PER_BATCH = 1_000;

async function endForBatch(
  tx: Tx,
  people: readonly (LostAccess & { userId: string })[],
): Promise<number> {
  const remaining = await tx.access.findMany({
    where: { OR: people.map(({ companyId, email }) => ({ companyId, email })) },
    select: { companyId: true, email: true },
  });
  const stillIn = new Set(remaining.map((row) => `${row.companyId} ${row.email}`));
  const emptied = new Map<string, { userId: string; currentCompanyId: string }>();
  const kept = new Map<string, Prisma.OidcGrantWhereInput>();
  for (const one of people) {
    if (stillIn.has(`${one.companyId} ${one.email}`)) {
      kept.set(`${one.userId} ${one.companyId} ${one.appId}`, {
        userId: one.userId,
        companyId: one.companyId,
        client: { appId: one.appId },
      });
    } else {
      emptied.set(`${one.userId} ${one.companyId}`, {
        userId: one.userId,
        currentCompanyId: one.companyId,
      });
    }
  }
  if (kept.size > 0) await revokeGrantsWhere(tx, { OR: [...kept.values()] });
  if (emptied.size === 0) return 0;
  // A member's branches and names here are the company's about its member (remove-access.ts
  // takes them too): left behind, they would come back if the person were invited again.
  const memberships = [...emptied.values()].map(({ userId, currentCompanyId }) => ({
    userId,
    companyId: currentCompanyId,
  }));
  await tx.userBranch.deleteMany({ where: { OR: memberships } });
  await tx.userPreference.deleteMany({ where: { OR: memberships } });
  return endSessionsWhere(tx, { OR: [...emptied.values()] }, 'access_removed');
}
