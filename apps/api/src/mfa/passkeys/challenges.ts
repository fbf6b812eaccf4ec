import type { WebAuthnPurpose } from '@portico/db';
import type { Database } from '../../db.js';

/** A challenge answers within five minutes or not at all; the browser's timeout matches it. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface ChallengeBinding {
  purpose: WebAuthnPurpose;
  sessionId: string;
}

/**
 * How many unused challenges a session keeps per purpose: a dialog needs one, a few allow for
 * several tabs. Options answer idle sessions without a password or a per-IP limit, so without a
 * bound a session cookie in a loop would store a row every call for five minutes.
 */
export const MAX_OPEN_CHALLENGES = 5;

/** Stores an issued challenge, bound to the session and purpose it was issued for. */
export async function storeChallenge(
  db: Database,
  challenge: string,
  binding: ChallengeBinding & { userId: string },
): Promise<void> {
  const now = Date.now();
  // Housekeeping: this session's spent or stale challenges are of no further use.
  await db.prisma.webAuthnChallenge.deleteMany({
    where: {
      sessionId: binding.sessionId,
      OR: [{ usedAt: { not: null } }, { expiresAt: { lt: new Date(now) } }],
    },
  });
  await db.prisma.webAuthnChallenge.create({
    data: {
      challenge,
      purpose: binding.purpose,
      sessionId: binding.sessionId,
      userId: binding.userId,
      expiresAt: new Date(now + CHALLENGE_TTL_MS),
    },
  });
  // Only the newest few stay open; an older one answers passkey_invalid, as an expired one.
  const kept = await db.prisma.webAuthnChallenge.findMany({
    where: { sessionId: binding.sessionId, purpose: binding.purpose },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: MAX_OPEN_CHALLENGES,
    select: { id: true },
  });
  await db.prisma.webAuthnChallenge.deleteMany({
    where: {
      sessionId: binding.sessionId,
      purpose: binding.purpose,
      id: { notIn: kept.map((row) => row.id) },
    },
  });
}

/**
 * Spends a challenge: one conditional UPDATE, so of two requests racing with the same challenge
 * only one wins. False when it is unknown, of another session or purpose, expired or used.
 * It is spent before the response is verified, so a failed attempt cannot be retried with it.
 */
export async function consumeChallenge(
  db: Database,
  challenge: string,
  binding: ChallengeBinding,
): Promise<boolean> {
  const now = new Date();
  const spent = await db.prisma.webAuthnChallenge.updateMany({
    where: {
      challenge,
      purpose: binding.purpose,
      sessionId: binding.sessionId,
      usedAt: null,
      expiresAt: { gt: now },
    },
    data: { usedAt: now },
  });
  return spent.count === 1;
}

/** clientDataJSON (base64url JSON) as an object; undefined when it is not one. */
function clientDataOf(clientDataJSON: string): Record<string, unknown> | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    return typeof data === 'object' && data !== null
      ? (data as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The challenge a browser signed, read from clientDataJSON (base64url JSON); undefined if none. */
export function challengeOf(clientDataJSON: string): string | undefined {
  const challenge = clientDataOf(clientDataJSON)?.challenge;
  return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512
    ? challenge
    : undefined;
}

/**
 * Whether the browser says the ceremony ran in a frame of another origin (crossOrigin true, or
 * a topOrigin named). The portal never runs one there (its pages refuse to be framed), so
 * WebAuthn's "the relying party expects it" does not hold and such a response is refused: the
 * library checks neither member of a registration.
 */
export function madeInAForeignFrame(clientDataJSON: string): boolean {
  const data = clientDataOf(clientDataJSON);
  return data?.crossOrigin === true || (data !== undefined && 'topOrigin' in data);
}
