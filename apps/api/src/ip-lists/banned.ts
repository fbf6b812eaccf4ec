import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BannedSort } from '@portico/contracts';
import { DEFAULT_BANNED_SORT } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { sessionOf } from '../sessions/session-guard.js';
import { canonicalIp } from '../abuse/ip-address.js';
import { lockIpBans } from '../abuse/bans.js';

/** Expired bans stay on the list this long (shown as Expired), unless an administrator lifts them. */
export const RECENT_BAN_DAYS = 7;
/** The list is for people: past this many rows the newest (or first sorted) are shown. */
export const BANNED_LIST_LIMIT = 500;

const ORDER: Record<BannedSort, Prisma.IpBanOrderByWithRelationInput[]> = {
  'date-newest': [{ bannedAt: 'desc' }, { id: 'desc' }],
  'date-oldest': [{ bannedAt: 'asc' }, { id: 'asc' }],
  // Enum order: credential_stuffing before rate_limit; newest first within a reason.
  reason: [{ reason: 'asc' }, { bannedAt: 'desc' }, { id: 'desc' }],
};

export interface BannedRow {
  ip: string;
  reason: 'credential_stuffing' | 'rate_limit';
  bannedAt: string;
  expiresAt: string;
  attemptCount: number;
  clientId: string | null;
  appId: string | null;
  blockedUsers: string[];
}

/** Active bans and the ones that expired in the last RECENT_BAN_DAYS, not lifted. */
export async function listBanned(
  app: FastifyInstance,
  sort: BannedSort = DEFAULT_BANNED_SORT,
): Promise<BannedRow[]> {
  const rows = await app.db.prisma.ipBan.findMany({
    where: {
      liftedAt: null,
      expiresAt: { gt: new Date(Date.now() - RECENT_BAN_DAYS * 86_400_000) },
    },
    orderBy: ORDER[sort],
    take: BANNED_LIST_LIMIT,
  });
  return rows.map((row) => ({
    ip: row.ip,
    reason: row.reason,
    bannedAt: row.bannedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    attemptCount: row.attemptCount,
    clientId: row.clientId,
    appId: row.appId,
    blockedUsers: row.blockedUsers,
  }));
}

/**
 * Lifts every ban on the address (active or expired): it is allowed again at once. Under the
 * per-IP lock a recorder takes (abuse/bans.ts), so no ban is recorded, or read as active, while
 * the bans are lifted.
 */
export async function unbanIp(
  app: FastifyInstance,
  request: FastifyRequest,
  rawIp: string,
): Promise<void> {
  const ip = canonicalIp(rawIp);
  await app.db.prisma.$transaction(async (tx) => {
    await lockIpBans(tx, ip);
    const lifted = await tx.ipBan.updateMany({
      where: { ip, liftedAt: null },
      data: { liftedAt: new Date(), liftedById: sessionOf(request).userId },
    });
    if (lifted.count === 0) throw new ApiError('not_found');
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'ip.unban',
      target: ip,
      details: { bans: lifted.count },
    });
  });
  app.abuse.knownBans.forget(ip);
}
