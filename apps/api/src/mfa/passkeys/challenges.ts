import type { WebAuthnPurpose } from '@portico/db';
import type { Database } from '../../db.js';

/** A challenge answers within five minutes or not at all; the browser's timeout matches it. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface ChallengeBinding {
  purpose: WebAuthnPurpose;
  sessionId: string;
}

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

/** The challenge a browser signed, read from clientDataJSON (base64url JSON); undefined if none. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null) return undefined;
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512
      ? challenge
      : undefined;
  } catch {
    return undefined;
  }
}
