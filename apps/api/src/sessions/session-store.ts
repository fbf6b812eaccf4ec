import type { Prisma } from '@portico/db';
import { currentTransaction } from '@portico/db';
import type { Database } from '../db.js';
import { ApiError } from '../http/api-error.js';
import { randomToken, sha256 } from '../credentials/tokens.js';
import { revokeGrantsOfSessions } from '../oidc/grants.js';

type Tx = Prisma.TransactionClient;

/** Why a session ended; kept on the row for the audit trail and support. */
export type EndReason =
  | 'signed_out'
  | 'replaced'
  /** A single-session client's sign-in on another device ended this one (start-session.ts). */
  | 'superseded'
  | 'reauthenticated'
  | 'revoked'
  | 'access_removed'
  | 'code_replay'
  | 'device_blocked'
  | 'device_removed'
  | 'password_reset'
  | 'company_removed';

export interface OpenSessionInput {
  userId: string;
  client: { id: string; sessionTtl: number; allowMultipleSessions: boolean };
  deviceId: string;
  ip?: string;
  userAgent?: string;
  companyId?: string | null;
  /**
   * Opens the session already idle, so it answers session_expired until re-authentication
   * lifts it: the sign-in confirmation step of users with PIN or passkey enabled.
   */
  needsConfirmation?: boolean;
}

export interface OpenedSession {
  id: string;
  /** The cookie value; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

/**
 * Opens a session with a new token, for tests and tools that need a session without signing in
 * (test/factories.ts, bench/users-list.mjs). A sign-in opens its session with one prepared
 * statement instead (start-session.ts), which also writes the audit event and the attempt; both
 * store the same row. With allow_multiple_sessions off, the user's other live sessions on that
 * client end in the same transaction, as a sign-in ends them (endOtherSessionsOnClient).
 */
export async function openSession(tx: Tx, input: OpenSessionInput): Promise<OpenedSession> {
  const now = new Date();
  if (!input.client.allowMultipleSessions) await endOtherSessionsOnClient(tx, input);
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + input.client.sessionTtl * 1000);
  const session = await tx.session.create({
    data: {
      tokenHash: sha256(token),
      userId: input.userId,
      clientId: input.client.id,
      deviceId: input.deviceId,
      currentCompanyId: input.companyId ?? null,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      expiresAt,
      lastSeenAt: input.needsConfirmation ? new Date(0) : now,
    },
    select: { id: true },
  });
  return { id: session.id, token, expiresAt };
}

/**
 * A single-session client's sign-in, as the sign-in's statement does it (start-session.ts): the
 * person's live sessions on the client end, "replaced" on this device (the sign-in continues
 * there) and "superseded" on the others, whose OpenID Connect grants for the client end too.
 */
async function endOtherSessionsOnClient(tx: Tx, input: OpenSessionInput): Promise<void> {
  const onClient = { userId: input.userId, clientId: input.client.id };
  await endSessionsWhere(tx, { ...onClient, deviceId: input.deviceId }, 'replaced');
  const others = await tx.session.findMany({
    where: { ...onClient, endedAt: null, deviceId: { not: input.deviceId } },
    select: { deviceId: true },
    distinct: ['deviceId'],
  });
  if (others.length === 0) return;
  // One filter per device: the grants' scope is translated from filters of plain values.
  await endSessionsWhere(
    tx,
    { OR: others.map(({ deviceId }) => ({ ...onClient, deviceId })) },
    'superseded',
  );
}

/**
 * Gives a live session a new token and marks it active now (re-authentication): the old cookie
 * value stops working at once. The TTL does not restart. One conditional UPDATE: a session
 * ended (signed out, revoked on any replica) or past its TTL meanwhile is session_invalid, and
 * nothing is written.
 */
export async function renewSessionToken(
  tx: Tx,
  sessionId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const now = new Date();
  const renewed = await tx.session.updateManyAndReturn({
    where: { id: sessionId, endedAt: null, expiresAt: { gt: now } },
    data: { tokenHash: sha256(token), lastSeenAt: now },
    select: { expiresAt: true },
  });
  const session = renewed[0];
  if (!session) throw new ApiError('session_invalid');
  return { token, expiresAt: session.expiresAt };
}

/**
 * Makes `companyId` the session's current company (company choice, company switch). The
 * profile stamp is raised with it: a change to the person's access in a company raises only the
 * stamps of the sessions whose current company it is, so a session that left a company, missed
 * a change there and came back would otherwise show another replica its old company and its old
 * stamp, and that replica would go on using the roles it kept from before (read-session.ts).
 */
export async function setCurrentCompany(
  tx: Tx,
  sessionId: string,
  companyId: string,
): Promise<void> {
  await tx.session.update({
    where: { id: sessionId },
    data: { currentCompanyId: companyId, profileStamp: { increment: 1 } },
  });
}

/**
 * The browser's next sign-in taking over (auto-login, re-authentication) continues the person's
 * sign-in: their OpenID Connect grants live on. Every other end is the person or an
 * administrator ending it, and ends those grants too.
 */
const CONTINUES_SIGN_IN: ReadonlySet<EndReason> = new Set(['replaced', 'reauthenticated']);

/**
 * Ends the live sessions matching `where`; ended rows keep their reason. Returns how many.
 * Unless the sign-in continues, the OpenID Connect grants made through such sessions end in
 * the same transaction (oidc/grants.ts, docs/oidc.md "Sessions are one").
 */
export async function endSessionsWhere(
  tx: Tx | Database['prisma'],
  where: Prisma.SessionWhereInput,
  reason: EndReason,
): Promise<number> {
  if (CONTINUES_SIGN_IN.has(reason)) return endSessions(tx, where, reason);
  // Outside any transaction (handed the client), both writes get one of their own. Inside one,
  // they join it: Prisma 7's transaction client has a `$transaction` too, but a nested one is a
  // savepoint, which PGlite's adapter cannot make (sign-out failed on the embedded database).
  if (!currentTransaction() && '$transaction' in tx) {
    return tx.$transaction(async (inner) => {
      const count = await endSessions(inner, where, reason);
      await revokeGrantsOfSessions(inner, where);
      return count;
    });
  }
  const count = await endSessions(tx, where, reason);
  await revokeGrantsOfSessions(tx, where);
  return count;
}

async function endSessions(
  tx: Tx | Database['prisma'],
  where: Prisma.SessionWhereInput,
  reason: EndReason,
): Promise<number> {
  const result = await tx.session.updateMany({
    where: { ...where, endedAt: null },
    data: { endedAt: new Date(), endReason: reason },
  });
  return result.count;
}
