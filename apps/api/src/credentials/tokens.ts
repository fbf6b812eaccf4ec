import { createHash, randomBytes } from 'node:crypto';
import { maskSecret } from '@portico/contracts';

/**
 * Random tokens (session tokens, client secrets, codes) carry at least 256 bits, so a fast
 * SHA-256 is the right way to store them: unlike passwords they cannot be guessed.
 */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new client secret, its stored hash and its mask (first and last three characters). */
export function newClientSecret(): { secret: string; hash: string; mask: string } {
  const secret = randomToken(32);
  return { secret, hash: sha256(secret), mask: maskSecret(secret) };
}
