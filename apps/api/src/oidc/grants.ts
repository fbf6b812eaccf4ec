import type { Prisma } from '@portico/db';
import { enqueueMailJob } from '../mail/queue.js';
import { grantRecords } from './grant-records.js';

type Tx = Prisma.TransactionClient;

/** A revoked grant, for the back-channel logout its client may have asked for. */
export interface RevokedGrant {
  grantId: string;
  clientId: string;
  userId: string;
}

/**
 * The grants that belong to the Portico sessions `where` selects: a grant was made through a
 * sign-in of one user on one device for one company, so a session filter on user, device,
 * company or client is the same filter on grants. A filter on one session id means that
 * sign-in's user and device: the session a grant came from may since have been replaced by the
 * browser's next sign-in (auto-login), and signing out of that one must still end the grant.
 */
async function grantScopeOf(
  tx: Tx,
  where: Prisma.SessionWhereInput,
): Promise<Prisma.OidcGrantWhereInput | null> {
  const scope: Prisma.OidcGrantWhereInput = {};
  if (typeof where.id === 'string') {
    const session = await tx.session.findUnique({
      where: { id: where.id },
      select: { userId: true, deviceId: true },
    });
    if (!session) return null;
    scope.userId = session.userId;
    scope.deviceId = session.deviceId;
  }
  if (typeof where.userId === 'string') scope.userId = where.userId;
  if (typeof where.deviceId === 'string') scope.deviceId = where.deviceId;
  if (typeof where.clientId === 'string') scope.clientId = where.clientId;
  if (typeof where.currentCompanyId === 'string') scope.companyId = where.currentCompanyId;
  if (Array.isArray(where.OR)) {
    // Each alternative the same way; one that cannot be translated leaves the whole untranslated.
    const alternatives: Prisma.OidcGrantWhereInput[] = [];
    for (const alternative of where.OR) {
      const translated = await grantScopeOf(tx, alternative);
      if (!translated) return null;
      alternatives.push(translated);
    }
    scope.OR = alternatives;
  }
  // A filter this cannot translate would revoke too much: revoke nothing instead.
  const known = new Set(['id', 'userId', 'deviceId', 'clientId', 'currentCompanyId', 'OR']);
  if (Object.keys(where).some((key) => !known.has(key))) return null;
  return Object.keys(scope).length > 0 ? scope : null;
}

/**
 * Ends the OpenID Provider grants of the sessions `where` selects (docs/oidc.md, "Sessions are
 * one"): their codes, access and refresh tokens and the grants themselves are deleted in the
 * caller's transaction, so the next use of any of them fails on every replica, and a
 * back-channel logout is queued (on the durable job queue, mail/queue.ts) for each client that
 * asked for one; oidc/backchannel.ts sends it.
 */
export async function revokeGrantsOfSessions(
  tx: Tx,
  where: Prisma.SessionWhereInput,
): Promise<RevokedGrant[]> {
  const scope = await grantScopeOf(tx, where);
  if (!scope) return [];
  return revokeGrantsWhere(tx, scope);
}

/**
 * Ends the grants `scope` selects, as revokeGrantsOfSessions does for a session filter: for an
 * end that is not a session's (an application's access taken away while other access remains:
 * users/lost-access.ts).
 */
export async function revokeGrantsWhere(
  tx: Tx,
  scope: Prisma.OidcGrantWhereInput,
): Promise<RevokedGrant[]> {
  const grants = await tx.oidcGrant.findMany({
    where: scope,
    select: { grantId: true, clientId: true, userId: true },
  });
  if (grants.length === 0) return [];
  const ids = grants.map((grant) => grant.grantId);
  await tx.oidcRecord.deleteMany({ where: grantRecords(ids) });
  await tx.oidcGrant.deleteMany({ where: { grantId: { in: ids } } });
  await queueBackchannelLogouts(tx, grants);
  return grants;
}

/** One notice per client and user, for the clients with a back-channel logout URI. */
async function queueBackchannelLogouts(tx: Tx, grants: RevokedGrant[]): Promise<void> {
  const clientIds = [...new Set(grants.map((grant) => grant.clientId))];
  const listening = await tx.client.findMany({
    where: { id: { in: clientIds }, oidcBackchannelLogoutUri: { not: null } },
    select: { id: true },
  });
  const wanted = new Set(listening.map((client) => client.id));
  const notices = new Map<string, { clientId: string; userId: string }>();
  for (const grant of grants) {
    if (wanted.has(grant.clientId)) {
      notices.set(`${grant.clientId} ${grant.userId}`, {
        clientId: grant.clientId,
        userId: grant.userId,
      });
    }
  }
  for (const notice of notices.values()) {
    await enqueueMailJob(tx, { kind: 'oidc.backchannel_logout', payload: notice });
  }
}
