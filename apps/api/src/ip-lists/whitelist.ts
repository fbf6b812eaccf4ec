import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { sessionOf } from '../sessions/session-guard.js';
import { canonicalIp } from '../abuse/ip-address.js';
import { lockIpBans } from '../abuse/bans.js';

export interface WhitelistRow {
  ip: string;
  addedAt: string;
  addedBy: string;
  description: string;
}

/** The whitelist, newest first; `addedBy` is the adder's username ('' once the account is gone). */
export async function listWhitelist(app: FastifyInstance): Promise<WhitelistRow[]> {
  const rows = await app.db.prisma.ipWhitelistEntry.findMany({
    orderBy: [{ addedAt: 'desc' }, { ip: 'asc' }],
    select: {
      ip: true,
      addedAt: true,
      description: true,
      addedBy: { select: { username: true } },
    },
  });
  return rows.map((row) => ({
    ip: row.ip,
    addedAt: row.addedAt.toISOString(),
    addedBy: row.addedBy?.username ?? '',
    description: row.description,
  }));
}

/**
 * Whitelists an address (stored in its canonical spelling, so `2001:0db8:...` and `2001:db8:...`
 * are one entry) and lifts every ban on it: a whitelisted IP is never refused. Under the per-IP
 * lock a recorder takes (abuse/bans.ts): a ban being recorded meanwhile is lifted with the rest,
 * and one asked for after the add sees the entry and is not recorded.
 */
export async function addToWhitelist(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { ip: string; description?: string | undefined },
): Promise<void> {
  const ip = canonicalIp(input.ip);
  const actorId = sessionOf(request).userId;
  try {
    await app.db.prisma.$transaction(async (tx) => {
      await lockIpBans(tx, ip);
      await tx.ipWhitelistEntry.create({
        data: { ip, description: input.description ?? '', addedById: actorId },
      });
      const lifted = await tx.ipBan.updateMany({
        where: { ip, liftedAt: null },
        data: { liftedAt: new Date(), liftedById: actorId },
      });
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'ip.whitelist_add',
        target: ip,
        details: { description: input.description ?? '', liftedBans: lifted.count },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('already_whitelisted');
    throw error;
  }
  // After the commit, so no read of the old list can be taken as fresh.
  app.abuse.whitelist.invalidate();
  app.abuse.knownBans.forget(ip);
}

export async function removeFromWhitelist(
  app: FastifyInstance,
  request: FastifyRequest,
  rawIp: string,
): Promise<void> {
  const ip = canonicalIp(rawIp);
  await app.db.prisma.$transaction(async (tx) => {
    const removed = await tx.ipWhitelistEntry.deleteMany({ where: { ip } });
    if (removed.count === 0) throw new ApiError('not_found');
    await recordAudit(tx, { ...auditContext(request), action: 'ip.whitelist_remove', target: ip });
  });
  app.abuse.whitelist.invalidate();
}
