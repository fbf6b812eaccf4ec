import type { FastifyInstance } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { ApiError } from '../http/api-error.js';

/**
 * The brute-force defence around every credential check (sign-in, re-authentication, device
 * codes, PINs). The sign-in code calls these; how bans are decided lives here.
 */

export interface SignInAttempt {
  ip: string;
  /** The username tried, lowercased (the account may not exist). */
  username: string;
  userId?: string | null;
  clientId?: string | null;
  appId?: string | null;
  success: boolean;
  /** The failure's code (account_failed, user_not_found, account_blocked...). */
  reason?: string;
}

/** Refuses an IP with an active ban (never a whitelisted one): the first gate of a sign-in. */
export async function assertIpAllowed(app: FastifyInstance, ip: string): Promise<void> {
  const ban = await app.db.prisma.ipBan.findFirst({
    where: { ip, liftedAt: null, expiresAt: { gt: new Date() } },
    select: { reason: true },
    orderBy: { bannedAt: 'desc' },
  });
  if (!ban) return;
  if (await app.db.prisma.ipWhitelistEntry.findUnique({ where: { ip }, select: { ip: true } })) {
    return;
  }
  throw new ApiError(
    ban.reason === 'credential_stuffing' ? 'credential_stuffing_detected' : 'rate_limit_exceeded',
  );
}

/** Records an attempt. A failure may reveal credential stuffing, which bans the IP and throws. */
export async function recordSignInAttempt(
  app: FastifyInstance,
  attempt: SignInAttempt,
): Promise<void> {
  await app.db.prisma.loginAttempt.create({
    data: {
      ip: attempt.ip,
      username: attempt.username.slice(0, 64),
      userId: attempt.userId ?? null,
      clientId: attempt.clientId ?? null,
      success: attempt.success,
      reason: attempt.reason ?? null,
    },
  });
}

/** Per-IP limit of the credential calls (@fastify/rate-limit route options). */
export function credentialRateLimit(): RateLimitOptions {
  return { max: 20, timeWindow: '1 minute' };
}
