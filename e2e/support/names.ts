import { randomBytes } from 'node:crypto';

/**
 * Unique names, so tests share one database without cleaning up after each other (usernames
 * allow 6-20 letters, digits and underscores, starting with a letter).
 */
export function uniqueSuffix(): string {
  return randomBytes(5).toString('hex');
}

export function uniqueId(prefix: string): string {
  return `${prefix}_${uniqueSuffix()}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${uniqueSuffix()}@e2e.example.com`;
}

/** A password that passes the rules (upper, lower, digit, no spaces). */
export function uniquePassword(): string {
  return `Pw-${uniqueSuffix()}-Aa1`;
}
