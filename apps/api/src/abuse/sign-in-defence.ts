import type { FastifyInstance } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { recordBan } from './bans.js';
import { canonicalIp } from './ip-address.js';

/**
 * The brute-force defence around every credential check (sign-in, re-authentication, device
 * codes, PINs). The sign-in code calls these; how bans are decided lives here. The figures are
 * documented in docs/security.md.
 */

/** Per-IP requests allowed to each credential call... */
export const CREDENTIAL_RATE_LIMIT_MAX = 20;
/** ...within this window (ms). Going over answers rate_limit_exceeded and bans the IP. */
export const CREDENTIAL_RATE_LIMIT_WINDOW_MS = 60_000;

/** Credential stuffing: failed sign-ins from one IP against at least this many usernames... */
export const STUFFING_DISTINCT_USERNAMES = 10;
/** ...within this many minutes. */
export const STUFFING_WINDOW_MINUTES = 10;
/**
 * The failures that count towards credential stuffing: a wrong secret or an account that cannot
 * sign in (an attempt without a reason counts too). A new device (device_add) or a sign-in gate
 * (unknown client, no access...) is not a guessed password: an office behind one address where
 * ten people sign in on new laptops is not an attack.
 */
export const STUFFING_FAILURE_REASONS: readonly string[] = [
  'account_failed',
  'user_not_found',
  'invalid_credentials',
  'invalid_pin',
  'account_blocked',
  'account_awaiting_reset',
];
/** How many of the usernames hit a ban keeps (blockedUsers). */
export const BLOCKED_USERS_KEPT = 100;

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

/**
 * A successful attempt's login_attempts values (canonical IP, normalised username), for a
 * sign-in that writes the row in the same statement as its session (signed-in-session.ts): the
 * same row recordSignInAttempt writes for a success.
 */
export interface SuccessfulAttempt {
  ip: string;
  username: string;
}

export function successfulAttemptRow(rawIp: string, username: string): SuccessfulAttempt {
  return { ip: canonicalIp(rawIp), username: attemptUsername(username) };
}

/** login_attempts keeps the username lowercased and at most 64 characters long. */
function attemptUsername(username: string): string {
  return username.toLowerCase().slice(0, 64);
}

/**
 * SQL: the graver of the active bans of the address `ipSql` gives (credential_stuffing sorts
 * first in the enum), as its `reason`; no row when there is none (expired and lifted bans do not
 * count, nor a NULL address). assertIpAllowed runs it alone; the password sign-in runs it inside
 * its one read statement (auth/sign-in-reads.ts), so a sign-in from a client on the Internet,
 * which no whitelist covers, costs no round trip more than one from a whitelisted address.
 */
export function activeBanSql(ipSql: string): string {
  return `SELECT b.reason::text AS reason FROM ip_bans b
           WHERE b.ip = ${ipSql} AND b.lifted_at IS NULL AND b.expires_at > now()
           ORDER BY b.reason LIMIT 1`;
}

const ACTIVE_BAN = activeBanSql('$1');

/** The address whose bans a credential call must look at: null for a whitelisted one. */
export async function bannableIp(app: FastifyInstance, rawIp: string): Promise<string | null> {
  const ip = canonicalIp(rawIp);
  return (await app.abuse.whitelist.has(ip)) ? null : ip;
}

/** What an active ban answers: credential_stuffing_detected, or rate_limit_exceeded. */
export function banRefusal(reason: string): ApiError {
  return new ApiError(
    reason === 'credential_stuffing' ? 'credential_stuffing_detected' : 'rate_limit_exceeded',
  );
}

/**
 * Refuses an IP with an active ban (never a whitelisted one): the first gate of a sign-in.
 * A credential-stuffing ban answers credential_stuffing_detected, a rate-limit ban
 * rate_limit_exceeded. Expired and lifted bans do not refuse.
 */
export async function assertIpAllowed(app: FastifyInstance, rawIp: string): Promise<void> {
  const ip = await bannableIp(app, rawIp);
  if (ip === null) return;
  const [ban] = await app.db.query<{ reason: string }>('portico_active_ban', ACTIVE_BAN, [ip]);
  if (ban) throw banRefusal(ban.reason);
}

interface FailureStats {
  attempts: number;
  usernames: number;
  sample: string[] | null;
}

/**
 * Records an attempt. A failure may reveal credential stuffing (failed sign-ins from one IP
 * against STUFFING_DISTINCT_USERNAMES different usernames within STUFFING_WINDOW_MINUTES):
 * then the IP is banned (credential_stuffing, audited `ip.ban`) and this throws
 * credential_stuffing_detected. Only STUFFING_FAILURE_REASONS count. Whitelisted IPs are
 * recorded but never banned.
 */
export async function recordSignInAttempt(
  app: FastifyInstance,
  attempt: SignInAttempt,
): Promise<void> {
  const ip = canonicalIp(attempt.ip);
  const username = attemptUsername(attempt.username);
  // Unknown user or client ids become null rather than break the foreign keys.
  await app.db.prisma.$executeRaw`
    INSERT INTO login_attempts (ip, username, user_id, client_id, success, reason)
    VALUES (${ip}, ${username},
            (SELECT id FROM users WHERE id = ${attempt.userId ?? null}),
            (SELECT id FROM clients WHERE id = ${attempt.clientId ?? null}),
            ${attempt.success}, ${attempt.reason?.slice(0, 64) ?? null})`;
  if (attempt.success) return;
  if (attempt.reason !== undefined && !STUFFING_FAILURE_REASONS.includes(attempt.reason)) return;
  if (await app.abuse.whitelist.has(ip)) return;

  const counted = Prisma.sql`(reason IS NULL OR reason = ANY(${STUFFING_FAILURE_REASONS}))`;
  const [stats] = await app.db.prisma.$queryRaw<FailureStats[]>`
    SELECT count(*)::int AS attempts, count(DISTINCT username)::int AS usernames,
           (SELECT array_agg(u.username) FROM (
              SELECT DISTINCT username FROM login_attempts
               WHERE ip = ${ip} AND NOT success AND ${counted}
                 AND at > now() - make_interval(mins => ${STUFFING_WINDOW_MINUTES})
               ORDER BY username LIMIT ${BLOCKED_USERS_KEPT}) AS u) AS sample
      FROM login_attempts
     WHERE ip = ${ip} AND NOT success AND ${counted}
       AND at > now() - make_interval(mins => ${STUFFING_WINDOW_MINUTES})`;
  if (!stats || stats.usernames < STUFFING_DISTINCT_USERNAMES) return;

  const ban = await recordBan(app, {
    ip,
    reason: 'credential_stuffing',
    attemptCount: stats.attempts,
    clientId: attempt.clientId ?? null,
    appId: attempt.appId ?? null,
    blockedUsers: stats.sample ?? [],
  });
  // Whitelisted since the cached check above: never banned, never refused.
  if (ban.expiresAt === null) return;
  if (ban.created) {
    app.log.warn({ ip, usernames: stats.usernames }, 'IP banned: credential stuffing');
  }
  throw new ApiError('credential_stuffing_detected');
}

/**
 * Per-IP limit of a credential call (@fastify/rate-limit route options). Counted in
 * preValidation, once the JSON body is parsed, so a ban can name the body's client; every
 * request counts, valid or not. Whitelisting and the ban are set for all limited calls in
 * rate-limit.ts.
 */
export function credentialRateLimit(): RateLimitOptions {
  return {
    max: CREDENTIAL_RATE_LIMIT_MAX,
    timeWindow: CREDENTIAL_RATE_LIMIT_WINDOW_MS,
    hook: 'preValidation',
  };
}
