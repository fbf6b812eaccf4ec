import type { Database } from '../db.js';

/** What the hand-over records of a grant the provider has just saved (oidc_grants). */
export interface GrantRow {
  grantId: string;
  userId: string;
  deviceId: string;
  clientId: string;
  companyId: string;
  sessionId: string;
}

/**
 * Records the hand-over's grant, unless what it stands on is gone: the client, the device, or
 * the person's verified access to the client's application in the company. The code was
 * redeemed a moment earlier, and the browser chooses when it comes back to the callback, so an
 * administrator may have removed the client (its insert then failed its foreign key: a 500) or
 * taken the application from someone who keeps other access there (lost-access.ts revoked the
 * grants that existed then, and this one would have lived on) in between. Those rows are held
 * FOR SHARE until the insert commits: a removal that comes later waits, and then its cascade or
 * revocation takes this grant as well. Answers whether the grant was recorded.
 */
export async function recordGrant(db: Database, row: GrantRow): Promise<boolean> {
  return db.prisma.$transaction(async (tx) => {
    const standing = await tx.$queryRaw<{ found: number }[]>`
      SELECT 1 AS found
        FROM clients c
        JOIN access a ON a.app_id = c.app_id
        JOIN devices d ON d.id = ${row.deviceId}
       WHERE c.id = ${row.clientId} AND a.user_id = ${row.userId}
         AND a.company_id = ${row.companyId} AND a.status = 'verified'
         FOR SHARE`;
    if (standing.length === 0) return false;
    await tx.oidcGrant.create({ data: row });
    return true;
  });
}
