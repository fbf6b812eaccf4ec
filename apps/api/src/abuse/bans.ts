import type { FastifyInstance } from 'fastify';
import { LOGIN_LOCKOUT_MINUTES } from '@portico/contracts';
import type { BanReason, Prisma } from '@portico/db';
import { recordAudit } from '../audit/record-audit.js';
import { canonicalIp } from './ip-address.js';

/** How long a ban lasts: the lockout the rate_limit_exceeded message announces. */
export const BAN_MINUTES = LOGIN_LOCKOUT_MINUTES;

export interface BanInput {
  ip: string;
  reason: BanReason;
  /** Attempts that led to the ban (requests in the window, or failed sign-ins). */
  attemptCount: number;
  clientId?: string | null;
  appId?: string | null;
  /** Usernames the attempts were made against (credential stuffing). */
  blockedUsers?: string[];
}

export interface BanOutcome {
  /** False when an active ban of the same reason already existed: one row per ban window. */
  created: boolean;
  /** When the ban ends; null when the address is whitelisted, so none is (or will be) active. */
  expiresAt: Date | null;
}

/**
 * Records a ban unless one of the same reason is already active for the IP, or the IP is on the
 * whitelist (a whitelisted address is never banned). A transaction-scoped advisory lock on the
 * IP serialises concurrent recorders (other requests, other replicas), so a burst of refused
 * requests makes one row, not one per request. Audited as `ip.ban`.
 */
export async function recordBan(app: FastifyInstance, input: BanInput): Promise<BanOutcome> {
  const outcome = await writeBan(app, input);
  if (outcome.created) app.metrics?.ipBans.inc({ reason: input.reason });
  return outcome;
}

/**
 * The per-IP lock (`ip-ban:<ip>`, transaction-scoped) that every writer of an address's bans
 * takes before it reads them: recording a ban, lifting the bans (ip-lists/banned.ts) and
 * whitelisting the address (ip-lists/whitelist.ts).
 */
export async function lockIpBans(tx: Prisma.TransactionClient, ip: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`ip-ban:${ip}`}))) AS l`;
}

async function writeBan(app: FastifyInstance, input: BanInput): Promise<BanOutcome> {
  const ip = canonicalIp(input.ip);
  const { clientId, appId } = await knownClientAndApp(app, input.clientId, input.appId);
  return app.db.prisma.$transaction(async (tx) => {
    await lockIpBans(tx, ip);
    // Read under the lock the add takes: the caller's check was against a cached whitelist,
    // which an add on another replica (or one committed just now) has not reached yet.
    const whitelisted = await tx.ipWhitelistEntry.findUnique({
      where: { ip },
      select: { ip: true },
    });
    if (whitelisted) return { created: false, expiresAt: null };
    const now = new Date();
    const active = await tx.ipBan.findFirst({
      where: { ip, reason: input.reason, liftedAt: null, expiresAt: { gt: now } },
      select: { expiresAt: true },
    });
    if (active) return { created: false, expiresAt: active.expiresAt };
    const expiresAt = new Date(now.getTime() + BAN_MINUTES * 60_000);
    await tx.ipBan.create({
      data: {
        ip,
        reason: input.reason,
        expiresAt,
        attemptCount: input.attemptCount,
        clientId,
        appId,
        blockedUsers: input.blockedUsers ?? [],
      },
    });
    await recordAudit(tx, {
      action: 'ip.ban',
      target: ip,
      ip,
      clientId,
      details: { reason: input.reason, count: input.attemptCount },
    });
    return { created: true, expiresAt };
  });
}

/**
 * The ban row references its client and application: keep only ids that exist (a refused
 * request may name any client), and take the application from the client when it is known.
 */
async function knownClientAndApp(
  app: FastifyInstance,
  clientId: string | null | undefined,
  appId: string | null | undefined,
): Promise<{ clientId: string | null; appId: string | null }> {
  if (clientId) {
    const client = await app.db.prisma.client.findUnique({
      where: { id: clientId },
      select: { id: true, appId: true },
    });
    if (client) return { clientId: client.id, appId: client.appId };
  }
  if (appId) {
    const known = await app.db.prisma.application.findUnique({
      where: { id: appId },
      select: { id: true },
    });
    return { clientId: null, appId: known?.id ?? null };
  }
  return { clientId: null, appId: null };
}
