import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords and PINs are stored as argon2id hashes with OWASP's minimum parameters
 * (m=19456 KiB, t=2, p=1). `Algorithm` is a const enum that isolated modules cannot read, so
 * its value for argon2id (2) is written here.
 */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

export function verifySecret(stored: string, candidate: string): Promise<boolean> {
  return verify(stored, candidate, OPTIONS);
}
