import type { Config } from '../config.js';

// Where the OpenID Provider lives and how long what it issues lasts: apart from provider.ts, so
// that the routes and the key store know them without loading oidc-provider (see routes.ts).

/** Where the provider is mounted: the issuer is PUBLIC_URL + this path (docs/oidc.md). */
export const OIDC_PATH = '/oidc';

/** Where the provider sends the browser to sign in: our route (interaction-routes.ts). */
export const INTERACTION_PATH = `${OIDC_PATH}/interaction`;

/** Longest life of what a signing key signs (ID tokens), so a retired key stays published this long. */
export const ID_TOKEN_TTL_SECONDS = 3600;

/** Authorization codes: redeemed by the client's server right after the redirect. */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;

export function issuerOf(config: Pick<Config, 'PUBLIC_URL'>): string {
  return `${config.PUBLIC_URL.replace(/\/$/, '')}${OIDC_PATH}`;
}
