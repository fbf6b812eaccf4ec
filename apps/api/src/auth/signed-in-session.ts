import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { needsConfirmation, type auth } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import type { SuccessfulAttempt } from '../abuse/sign-in-defence.js';
import type { SignInCompanies } from '../gates/company-access.js';
import type { SignInClient } from '../gates/sign-in-client.js';
import { setSessionCookie } from '../sessions/cookie.js';
import { publishAuditEvent } from '../audit/siem/publish.js';
import type {
  SessionOpening,
  SessionStatement,
  SessionStatementRow,
} from '../sessions/start-session.js';
import { LOCK_USER_FOR_SESSIONS, startSessionStatement } from '../sessions/start-session.js';
import type { UserSummary } from '../sessions/user-summary.js';
import { loadUserSummary } from '../sessions/user-summary.js';
import { lockedOutError } from '../credentials/lockout.js';
import { revokeGrantsWhere } from '../oidc/grants.js';
import { gateError } from '../gates/gate-error.js';
import { ApiError } from '../http/api-error.js';
import { undoLastLogin } from './undo-last-login.js';

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
 * the passkey) lifts the session before anything else can be done with it. The rule lives in the
 * contracts, where the portal reads it too.
 */
export { needsConfirmation };

function openingOf(
  request: FastifyRequest,
  input: SessionStart,
  attempt?: SuccessfulAttempt,
  settlesPassword = false,
): SessionOpening {
  return {
    userId: input.userId,
    client: input.client,
    deviceId: input.deviceId,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    needsConfirmation: input.needsConfirmation,
    method: input.method,
    replacesSessionId: input.replacesSessionId,
    attempt,
    settlesPassword,
  };
}

/** The statement's outcome; its audit event goes to the SIEM once `db`'s transaction commits. */
function startedFrom(
  db: object,
  rows: SessionStatementRow[],
  statement: SessionStatement,
  input: { client: SignInClient; method: SignInMethod },
) {
  const [row] = rows;
  if (!row) throw new Error('startSession: the user does not exist');
  // Blocked or removed since the gates read it: nothing was written (start-session.ts).
  if (row.device_active === false) throw gateError('unauthorized_device', input.client.appName);
  // The session an auto-login continues ended meanwhile (signed out): nothing was written, and
  // the browser stays signed out, as its own check would answer now.
  if (row.replaced_live === false) throw new ApiError('session_invalid');
  if (row.failed_login_count === null || row.audit_id === null || row.audit_at === null) {
    // The password's settlement found the account blocked (or a platform administrator's
    // timed lock) by a parallel guess, or, for the other sign-ins, the account was blocked or
    // set awaiting a reset meanwhile: nothing was written. An auto-login answers that as its
    // own check of the account does.
    if (input.method === 'autologin') throw new ApiError('session_invalid');
    throw lockedOutError(row.locked ? 'locked' : 'blocked');
  }
  publishAuditEvent(db, { ...statement.audit, id: row.audit_id, at: row.audit_at });
  // An auto-login's session may end before its client's session_ttl (start-session.ts): so
  // does its cookie.
  const endsAt = row.expires_at ? new Date(row.expires_at).getTime() : null;
  const cookieSeconds =
    endsAt === null
      ? input.client.sessionTtl
      : Math.max(0, Math.min(input.client.sessionTtl, Math.ceil((endsAt - Date.now()) / 1000)));
  return {
    token: statement.token,
    failedLoginCount: row.failed_login_count,
    superseded: row.superseded ?? [],
    cookieSeconds,
  };
}

/**
 * A single-session client's sign-in ended the person's sessions on it on other devices
 * ("superseded"): their sign-ins to the client are over, and so are the OpenID Connect grants
 * made through them (docs/oidc.md, "Sessions are one"). On this device the sign-in continues.
 */
function endSupersededGrants(
  tx: Tx,
  input: { userId: string; client: SignInClient },
  devices: string[],
): Promise<unknown> {
  return revokeGrantsWhere(tx, {
    userId: input.userId,
    clientId: input.client.id,
    deviceId: { in: devices },
  });
}

/**
 * A successful sign-in's writes (one statement: sessions/start-session.ts) inside the caller's
 * transaction, for a flow with other writes to commit with them (device verification): a
 * session with a new token (ending the ones it replaces), the device's and the user's last use,
 * and the audit event. Returns the cookie value and the failure count.
 */
export async function startSession(
  tx: Tx,
  request: FastifyRequest,
  input: SessionStart,
): Promise<{ token: string; failedLoginCount: number }> {
  const statement = startSessionStatement(openingOf(request, input));
  if (statement.lockUserFirst) await tx.$executeRawUnsafe(LOCK_USER_FOR_SESSIONS, input.userId);
  const rows = await tx.$queryRawUnsafe<SessionStatementRow[]>(statement.text, ...statement.values);
  const started = startedFrom(tx, rows, statement, input);
  if (started.superseded.length > 0) await endSupersededGrants(tx, input, started.superseded);
  return { token: started.token, failedLoginCount: started.failedLoginCount };
}

/** The login answer (specification, section 3), shared by sign-in, auto-login and verify. */
export function loginAnswer(
  summary: UserSummary,
  companies: SignInCompanies,
  client: SignInClient,
  failedLoginCount: number,
): LoginAnswer {
  const { email: _email, ...shown } = summary;
  return {
    ...shown,
    companies: companies.selectable,
    retries_left: Math.max(0, client.loginRetryLimit - failedLoginCount),
    second_factor_required: companies.secondFactorRequired,
  };
}

/**
 * A whole successful sign-in for flows with no other writes: session, cookie, answer. Its
 * writes are one named statement (atomic on its own, so no transaction).
 */
export async function completeSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: Omit<SessionStart, 'needsConfirmation'> & {
    companies: SignInCompanies;
    /** Auto-login continues a confirmed session, so it never asks again. */
    confirm: boolean;
    /** The user's summary when the caller read it already (the password sign-in does). */
    summary?: UserSummary;
    /** A password sign-in's login_attempts row, written with the session. */
    attempt?: SuccessfulAttempt;
    /**
     * A password sign-in's lockout claim, given back by the same statement (start-session.ts):
     * the account blocked meanwhile answers its lockout and nothing is written.
     */
    settlesPassword?: boolean;
  },
): Promise<LoginAnswer> {
  const summary =
    input.summary ?? (await loadUserSummary(app.db, input.userId, app.config.PUBLIC_URL));
  const needs = input.confirm && needsConfirmation(summary);
  const statement = startSessionStatement(
    openingOf(
      request,
      { ...input, needsConfirmation: needs },
      input.attempt,
      input.settlesPassword,
    ),
  );
  const rows = statement.lockUserFirst
    ? await app.db.prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(LOCK_USER_FOR_SESSIONS, input.userId);
        return tx.$queryRawUnsafe<SessionStatementRow[]>(statement.text, ...statement.values);
      })
    : await app.db.query<SessionStatementRow>(statement.name, statement.text, statement.values);
  let started;
  try {
    started = startedFrom(app.db.prisma, rows, statement, input);
  } catch (error) {
    // Refused after the account's UPDATE wrote the last login (device or continued session
    // gone meanwhile). startSession needs no such undo: its transaction rolls back.
    const [row] = rows;
    if (row?.device_active === false || row?.replaced_live === false) {
      await undoLastLogin(app.db, input.userId, statement.at);
    }
    throw error;
  }
  if (started.superseded.length > 0) {
    // Its own transaction, after the session's: a sign-in that supersedes another device is
    // rare, and the statement every sign-in runs stays one round trip.
    await app.db.prisma.$transaction((tx) => endSupersededGrants(tx, input, started.superseded));
  }
  setSessionCookie(reply, app.config, started.token, started.cookieSeconds);
  return loginAnswer(summary, input.companies, input.client, started.failedLoginCount);
}
