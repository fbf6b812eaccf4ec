import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config.js';

/**
 * The OpenID Provider's secret: OIDC_KEY_SECRET when set (required in production on
 * PostgreSQL: the server refuses to start without it); otherwise, for the embedded database and development, one generated
 * at first start into DATA_DIR/oidc-key-secret (readable by the owner only) and kept, so keys
 * sealed with it open again after a restart. Losing it means new signing keys, never a leak.
 */
export function oidcSecret(
  config: Pick<Config, 'OIDC_KEY_SECRET' | 'DATA_DIR' | 'NODE_ENV' | 'DATABASE_URL'>,
): string {
  if (config.OIDC_KEY_SECRET) return config.OIDC_KEY_SECRET;
  requireOidcSecretSetting(config);
  const file = path.join(config.DATA_DIR, 'oidc-key-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    // 'wx': of two processes starting at once, the second reads the first one's secret.
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
  }
}

/**
 * Refuses production on PostgreSQL without OIDC_KEY_SECRET: replicas on one database must share
 * it, and a bank's keys are not left in a data folder. A check of the settings alone (no file
 * is read or made), so the server runs it before it opens the database (server.ts).
 */
export function requireOidcSecretSetting(
  config: Pick<Config, 'OIDC_KEY_SECRET' | 'NODE_ENV' | 'DATABASE_URL'>,
): void {
  if (!config.OIDC_KEY_SECRET && config.NODE_ENV === 'production' && config.DATABASE_URL) {
    throw new ConfigError([
      'OIDC_KEY_SECRET: required in production on PostgreSQL (the OpenID Provider seals its signing keys with it)',
    ]);
  }
}
