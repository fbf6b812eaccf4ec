import { randomToken, sha256 } from '../credentials/tokens.js';

/** A sign-in code is exchanged by the client's server right after the redirect: keep it short. */
export const EXCHANGE_CODE_TTL_SECONDS = 60;

/**
 * A new one-time code for the client application (the `code` of the redirect): random, stored
 * only as its SHA-256 (`exchange_codes.code_hash`), bound to client, user, company and session.
 */
export function newExchangeCode(now = new Date()): { code: string; hash: string; expiresAt: Date } {
  const code = randomToken(32);
  return {
    code,
    hash: sha256(code),
    expiresAt: new Date(now.getTime() + EXCHANGE_CODE_TTL_SECONDS * 1000),
  };
}
