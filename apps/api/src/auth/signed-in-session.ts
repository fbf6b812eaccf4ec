import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { auth } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { recordAudit } from '../audit/record-audit.js';
import type { SessionCompany } from '../gates/company-access.js';
import type { SignInClient } from '../gates/sign-in-client.js';
import { setSessionCookie } from '../sessions/cookie.js';
import { endSessionsWhere, openSession } from '../sessions/session-store.js';
import type { UserSummary } from '../sessions/user-summary.js';
import { loadUserSummary } from '../sessions/user-summary.js';

type Tx = Prisma.TransactionClient;
export type LoginAnswer = z.input<typeof auth.loginAnswer>;

/** How the user proved themselves, for the audit trail. */
export type SignInMethod = 'password' | 'device_code' | 'autologin';

export interface SessionStart {
  userId: string;
  client: SignInClient;
  deviceId: string;
  method: SignInMethod;
  /** Users with PIN or passkey confirm the sign-in: the session starts idle (session-store.ts). */
  needsConfirmation: boolean;
  /** Auto-login replaces the browser's cookie: the session it held ends ("replaced"). */
  replacesSessionId?: string;
}

/**
 * PIN or passkey enabled and set up: the portal's confirmation step (auth.reauth with the PIN or
 * the passkey) lifts the session before anything else can be done with it.
 */
export function needsConfirmation(summary: UserSummary): boolean {
  return (
    (summary.is_pin_enabled && summary.has_pin_setup) ||
    (summary.is_passkey_enabled && summary.has_passkey_setup)
  );
}

/**
 * The writes of a successful sign-in, inside the caller's transaction: a session with a new
 * token (openSession ends older ones when the client disallows multiple sessions), the device's
 * and the user's last use, and the audit event. Returns the cookie value and the failure count
 * the answer's retries_left is computed from.
 */
export async function startSession(
  tx: Tx,
  request: FastifyRequest,
  input: SessionStart,
): Promise<{ token: string; failedLoginCount: number }> {
  const now = new Date();
  if (input.replacesSessionId) {
    await endSessionsWhere(tx, { id: input.replacesSessionId }, 'replaced');
  }
  const opened = await openSession(tx, {
    userId: input.userId,
    client: input.client,
    deviceId: input.deviceId,
    ip: request.ip,
    ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
    needsConfirmation: input.needsConfirmation,
  });
  await tx.device.update({ where: { id: input.deviceId }, data: { lastAccessedAt: now } });
  const user = await tx.user.update({
    where: { id: input.userId },
    data: { lastLoginAt: now },
    select: { failedLoginCount: true },
  });
  await recordAudit(tx, {
    action: 'auth.sign_in',
    actorId: input.userId,
    clientId: input.client.id,
    ip: request.ip,
    target: input.userId,
    details: { method: input.method, session: opened.id, device: input.deviceId },
  });
  return { token: opened.token, failedLoginCount: user.failedLoginCount };
}

/** The login answer (specification, section 3), shared by sign-in, auto-login and verify. */
export function loginAnswer(
  summary: UserSummary,
  companies: SessionCompany[],
  client: SignInClient,
  failedLoginCount: number,
): LoginAnswer {
  const { email: _email, ...shown } = summary;
  return {
    ...shown,
    companies,
    retries_left: Math.max(0, client.loginRetryLimit - failedLoginCount),
  };
}

/** A whole successful sign-in for flows with no other writes: session, cookie, answer. */
export async function completeSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: Omit<SessionStart, 'needsConfirmation'> & {
    companies: SessionCompany[];
    /** Auto-login continues a confirmed session, so it never asks again. */
    confirm: boolean;
  },
): Promise<LoginAnswer> {
  const summary = await loadUserSummary(app.db, input.userId, app.config.PUBLIC_URL);
  const started = await app.db.prisma.$transaction((tx) =>
    startSession(tx, request, {
      ...input,
      needsConfirmation: input.confirm && needsConfirmation(summary),
    }),
  );
  setSessionCookie(reply, app.config, started.token, input.client.sessionTtl);
  return loginAnswer(summary, input.companies, input.client, started.failedLoginCount);
}
