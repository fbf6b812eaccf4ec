import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { recordAudit } from '../audit/record-audit.js';
import { sha256 } from '../credentials/tokens.js';
import { endSessionsWhere } from '../sessions/session-store.js';
import type { CallingClient } from './client-guard.js';
import type { ConsumedCode } from './consume-code.js';
import { consumeCode, findUsedCode } from './consume-code.js';
import type { ExchangedIdentity } from './identity.js';
import { loadIdentity } from './identity.js';

export interface ExchangeInput {
  code: string;
  com: string;
  hash?: string | undefined;
  /**
   * The session the code must have been issued on, when the redeemer knows it: the OpenID
   * Provider's hand-over runs in the browser that signed in, so its session cookie names it
   * (null: the browser has none). A code carried into another browser is refused.
   */
  session?: string | null | undefined;
}

/** Why a consumed code was refused (audited; the caller only ever sees code_invalid). */
type Refusal =
  | 'expired'
  | 'foreign_client'
  | 'app_disabled'
  | 'foreign_session'
  | 'company_mismatch'
  | 'hash_mismatch'
  | 'session_over';

/**
 * The code exchange (DESIGN.md, "Code exchange"). The code is consumed first, atomically; then
 * it must be unexpired, issued to this client of an application that is not disabled, for this
 * company, proven by the verifier when the client used a hash instead of its secret, and its
 * session must still be live. Every
 * refusal is code_invalid, so a caller learns nothing about why.
 *
 * A code presented again after it was consumed is a replay: it ends the session it was issued
 * for (`code_replay`) and is audited `exchange.replay`. That includes concurrent presentations
 * that lost the race to the first one, and presentations after a refused one (a code presented
 * by the wrong client, with the wrong company or verifier, is burnt): a second presentation of
 * a single-use code is the sign that it leaked, and the exchange cannot tell a careless retry
 * from an attacker.
 */
export async function exchangeCode(
  app: FastifyInstance,
  request: FastifyRequest,
  input: ExchangeInput,
  caller: CallingClient,
): Promise<ExchangedIdentity> {
  return (await redeemCode(app, request, input, caller)).identity;
}

/** What a redeemed code gives: the identity, and the session and device it was issued on. */
export interface RedeemedCode {
  identity: ExchangedIdentity;
  sessionId: string;
  deviceId: string;
}

/**
 * The exchange itself, for POST /v1/exchange and for the OpenID Provider's hand-over
 * (oidc/interaction-routes.ts), which redeems the portal's code server-side as the client.
 */
export async function redeemCode(
  app: FastifyInstance,
  request: FastifyRequest,
  input: ExchangeInput,
  caller: CallingClient,
  via: 'exchange' | 'oidc' = 'exchange',
): Promise<RedeemedCode> {
  const codeHash = sha256(input.code);
  const audit = { clientId: caller.id, ip: request.ip };
  const outcome = await app.db.prisma.$transaction(async (tx) => {
    const code = await consumeCode(tx, codeHash);
    if (!code) {
      const used = await findUsedCode(tx, codeHash);
      if (!used) return { refused: 'unknown' as const };
      const ended = await endSessionsWhere(tx, { id: used.sessionId }, 'code_replay');
      await recordAudit(tx, {
        ...audit,
        action: 'exchange.replay',
        companyId: used.companyId,
        target: `session:${used.sessionId}`,
        details: { sessionEnded: ended > 0, issuedTo: used.clientId },
      });
      return { refused: 'replay' as const };
    }
    const refusal = refusalOf(code, input, caller);
    if (refusal) {
      await recordAudit(tx, {
        ...audit,
        action: 'exchange.refused',
        companyId: code.companyId,
        target: `session:${code.sessionId}`,
        details: { reason: refusal, issuedTo: code.clientId },
      });
      return { refused: refusal };
    }
    const identity = await loadIdentity(tx, {
      userId: code.userId,
      companyId: code.companyId,
      appId: caller.appId,
    });
    await recordAudit(tx, {
      ...audit,
      action: 'exchange.code',
      companyId: code.companyId,
      target: code.userId,
      details: { session: code.sessionId, byHash: !caller.bySecret, via },
    });
    return { identity, sessionId: code.sessionId, deviceId: code.deviceId };
  });
  if ('refused' in outcome) {
    request.log.warn({ reason: outcome.refused, client: caller.id }, 'code exchange refused');
    throw new ApiError('code_invalid');
  }
  return outcome;
}

function refusalOf(
  code: ConsumedCode,
  input: ExchangeInput,
  caller: CallingClient,
): Refusal | null {
  if (code.expired) return 'expired';
  if (code.clientId !== caller.id) return 'foreign_client';
  if (code.appDisabled) return 'app_disabled';
  if (input.session !== undefined && code.sessionId !== input.session) return 'foreign_session';
  if (code.companyId !== input.com) return 'company_mismatch';
  if (!caller.bySecret && !verifierMatches(input.hash, code.codeChallenge)) return 'hash_mismatch';
  if (code.sessionOver) return 'session_over';
  return null;
}

/** PKCE S256: base64url(sha256(verifier)) must equal the challenge sent with the company choice. */
export function verifierMatches(verifier: string | undefined, challenge: string | null): boolean {
  if (verifier === undefined || challenge === null) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
