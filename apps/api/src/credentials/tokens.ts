import { hash, randomBytes, randomFillSync } from 'node:crypto';
import { maskSecret } from '@portico/contracts';

/**
 * Random bytes drawn from the system's generator a pool at a time, as Node's randomUUID does:
 * each call into the generator costs more than the token it makes (a lock and a getpid in
 * OpenSSL), and a sign-in makes one.
 */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let used = POOL_SIZE;

/**
 * Random tokens (session tokens, client secrets, codes) carry at least 256 bits, so a fast
 * SHA-256 is the right way to store them: unlike passwords they cannot be guessed.
 */
export function randomToken(bytes = 32): string {
  if (bytes > POOL_SIZE) return randomBytes(bytes).toString('base64url');
  if (used + bytes > POOL_SIZE) {
    randomFillSync(pool);
    used = 0;
  }
  const token = pool.toString('base64url', used, used + bytes);
  // Drawn once: the bytes a token was made of are not kept beside it.
  pool.fill(0, used, used + bytes);
  used += bytes;
  return token;
}

export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/** A new client secret, its stored hash and its mask (first and last three characters). */
export function newClientSecret(): { secret: string; hash: string; mask: string } {
  const secret = randomToken(32);
  return { secret, hash: sha256(secret), mask: maskSecret(secret) };
}
