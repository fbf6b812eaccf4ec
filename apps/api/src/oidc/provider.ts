import { createHash } from 'node:crypto';
import Provider, { type Configuration } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Database } from '../db.js';
import { prismaAdapter } from './adapter.js';
import type { PrivateJwk } from './keys.js';

/** Where the provider is mounted: the issuer is PUBLIC_URL + this path (docs/oidc.md). */
export const OIDC_PATH = '/oidc';

/** Longest life of what a signing key signs (ID tokens), so a retired key stays published this long. */
export const ID_TOKEN_TTL_SECONDS = 3600;

export function issuerOf(config: Pick<Config, 'PUBLIC_URL'>): string {
  return `${config.PUBLIC_URL.replace(/\/$/, '')}${OIDC_PATH}`;
}

/** Cookie-signing keys derived from the secret (never the secret itself). */
function cookieKeys(secret: string): string[] {
  return [createHash('sha256').update(`portico-oidc-cookies:${secret}`).digest('base64url')];
}

/**
 * The OpenID Provider (oidc-provider, OpenID Certified) on Portico's database: its storage is
 * the Prisma adapter, its keys the sealed signing keys. What is enabled grows step by step
 * (docs/oidc.md says what works today); the development login pages of the library are off, so
 * no sign-in can bypass the portal's journey.
 */
export function createProvider(
  config: Pick<Config, 'PUBLIC_URL'>,
  db: Database,
  options: { secret: string; keys: PrivateJwk[] },
): Provider {
  const configuration: Configuration = {
    adapter: prismaAdapter(db, options.secret),
    jwks: { keys: options.keys },
    cookies: { keys: cookieKeys(options.secret) },
    clients: [],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
    },
    ttl: { IdToken: ID_TOKEN_TTL_SECONDS },
    enabledJWA: { idTokenSigningAlgValues: ['ES256', 'PS256', 'RS256'] },
  };
  const provider = new Provider(issuerOf(config), configuration);
  // The mount (routes.ts) sets the forwarding headers itself, from the issuer and from the
  // address Fastify trusted: the provider reads them, never a client's own.
  provider.proxy = true;
  return provider;
}
