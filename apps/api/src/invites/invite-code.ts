import { randomToken, sha256 } from '../credentials/tokens.js';

/** How long an invitation link stays valid. */
export const INVITE_TTL_DAYS = 7;

/**
 * A new invitation code: random, stored only as its SHA-256 (`access.invite_code_hash`), one per
 * access row (so one per application of an invitation). Resending replaces it.
 */
export function newInviteCode(now = new Date()): { code: string; hash: string; expiresAt: Date } {
  const code = randomToken(24);
  return {
    code,
    hash: sha256(code),
    expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 24 * 3600 * 1000),
  };
}

/** The accept link (specification: /invite?code=&email=), always from the configured public URL. */
export function inviteLink(publicUrl: string, code: string, email: string): string {
  const url = new URL('/invite', publicUrl);
  url.searchParams.set('code', code);
  url.searchParams.set('email', email);
  return url.toString();
}
