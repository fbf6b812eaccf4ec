import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import type { errorResponseBuilderContext } from '@fastify/rate-limit';
import { isStorableText } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { recordBan } from './bans.js';
import { canonicalIp, limitGroupOf } from './ip-address.js';

/**
 * How long this process remembers that an IP's rate-limit ban is recorded, so the requests that
 * keep arriving past the limit cost no database work. Short, because another replica may lift
 * the ban meanwhile (the database still holds one row per ban window either way).
 */
export const KNOWN_BAN_MEMO_MS = 60_000;
const MEMO_MAX_ENTRIES = 10_000;

/**
 * IPs whose rate-limit ban this process recorded (or found) recently, and until when. Kept per
 * group the limiter counts in (an IPv6 /64, see limitGroupOf): a host that takes a new address
 * of its /64 for every refused request records one ban, not a row and a transaction for each.
 */
export class KnownBans {
  private readonly until = new Map<string, number>();

  has(ip: string): boolean {
    const until = this.until.get(limitGroupOf(ip));
    return until !== undefined && until > Date.now();
  }

  remember(ip: string, untilMs: number): void {
    if (this.until.size >= MEMO_MAX_ENTRIES) this.prune();
    this.until.set(limitGroupOf(ip), Math.min(untilMs, Date.now() + KNOWN_BAN_MEMO_MS));
  }

  forget(ip: string): void {
    this.until.delete(limitGroupOf(ip));
  }

  private prune(): void {
    const now = Date.now();
    for (const [ip, until] of this.until) if (until <= now) this.until.delete(ip);
    if (this.until.size >= MEMO_MAX_ENTRIES) this.until.clear();
  }
}

/** Ban recordings started by a refused request; its answer waits for them (see awaitBan). */
const pendingBans = new WeakMap<FastifyRequest, Promise<void>>();

/**
 * @fastify/rate-limit's errorResponseBuilder: the request went over its call's per-IP limit.
 * Starts recording a rate_limit ban (once per ban window) and answers rate_limit_exceeded in
 * the usual envelope (the error handler turns the ApiError into `{ Code, Msg }` with 429).
 */
export function refuseOverLimit(
  request: FastifyRequest,
  context: errorResponseBuilderContext,
): ApiError {
  const app = request.server;
  const ip = canonicalIp(request.ip);
  if (!app.abuse.knownBans.has(ip)) {
    app.abuse.knownBans.remember(ip, Date.now() + KNOWN_BAN_MEMO_MS);
    pendingBans.set(request, banForRateLimit(app, request, ip, context.max + 1));
  }
  return new ApiError('rate_limit_exceeded');
}

async function banForRateLimit(
  app: FastifyInstance,
  request: FastifyRequest,
  ip: string,
  attemptCount: number,
): Promise<void> {
  try {
    const body = request.body as { client?: unknown } | undefined;
    // The body is not validated yet: a client id that cannot be stored names no client (else
    // the ban's query fails, and an address could escape its ban with a NUL in `client`).
    const named = body?.client;
    const clientId = typeof named === 'string' && isStorableText(named) ? named : null;
    const ban = await recordBan(app, { ip, reason: 'rate_limit', attemptCount, clientId });
    // Whitelisted meanwhile: no ban to remember, and the next request is not limited.
    if (ban.expiresAt === null) app.abuse.knownBans.forget(ip);
    else app.abuse.knownBans.remember(ip, ban.expiresAt.getTime());
    if (ban.created) request.log.warn({ ip, attemptCount }, 'IP banned: rate limit exceeded');
  } catch (error) {
    // The refusal stands; only its record failed. Let the next refused request try again.
    app.abuse.knownBans.forget(ip);
    request.log.error({ err: error }, 'recording a rate-limit ban failed');
  }
}

/**
 * onSend: a refused request's answer leaves once its ban is recorded (tests and admins see it).
 * A callback hook, not an async one: every answer passes here and almost none has a ban to wait
 * for, so those go on at once, without a promise and a turn of the microtask queue each.
 */
export const awaitBan: onSendHookHandler = (request, _reply, payload, done) => {
  const pending = pendingBans.get(request);
  if (!pending) {
    done(null, payload);
    return;
  }
  // banForRateLimit catches its own failures: the answer leaves either way.
  void pending.then(() => done(null, payload));
};
