import { createHash } from 'node:crypto';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';
import { OIDC_CLIENT_DEFAULTS, isLocalRedirect } from '@portico/contracts';
import type { Config } from '../config.js';
import type { Database } from '../db.js';
import { CLAIMS, accountFinder } from './account.js';
import { prismaAdapter } from './adapter.js';
import { PORTICO_METADATA } from './client-metadata.js';
import type { PrivateJwk } from './keys.js';
import { logoutSource, postLogoutSuccessSource, renderError } from './pages.js';
import {
  AUTHORIZATION_CODE_TTL_SECONDS,
  ID_TOKEN_TTL_SECONDS,
  INTERACTION_PATH,
  issuerOf,
} from './issuer.js';

/** Cookie-signing keys derived from the secret (never the secret itself). */
function cookieKeys(secret: string): string[] {
  return [createHash('sha256').update(`portico-oidc-cookies:${secret}`).digest('base64url')];
}

function metadataOf(client: { metadata(): ClientMetadata } | undefined): Record<string, unknown> {
  return client?.metadata() ?? {};
}

function secondsSetting(
  client: { metadata(): ClientMetadata } | undefined,
  key: string,
  fallback: number,
): number {
  const value = metadataOf(client)[key];
  return typeof value === 'number' && value > 0 ? value : fallback;
}

/** What a grant lived before a client could ask for refresh tokens longer than this. */
const GRANT_MIN_TTL_SECONDS = 14 * 86_400;

/**
 * A grant's lifetime: at least GRANT_MIN_TTL_SECONDS, and longer than the client's longest
 * token by a code's lifetime (the first tokens are issued at most that long after the grant).
 * The provider refuses a refresh token whose grant has expired, so a fixed 14 days cut a
 * client's longer refresh tokens short. Rotated refresh tokens start a new lifetime each, so
 * the grant is their absolute end; the Portico sign-in bounds the grant and all its tokens in
 * any case (adapter.ts, liveGrant). The hand-over gives the grant its client
 * (interaction-routes.ts); without one, the defaults.
 */
function grantTtl(client: { metadata(): ClientMetadata } | undefined): number {
  const longest = Math.max(
    secondsSetting(client, PORTICO_METADATA.accessTokenTtl, OIDC_CLIENT_DEFAULTS.accessTokenTtl),
    secondsSetting(client, PORTICO_METADATA.refreshTokenTtl, OIDC_CLIENT_DEFAULTS.refreshTokenTtl),
  );
  return Math.max(GRANT_MIN_TTL_SECONDS, longest + AUTHORIZATION_CODE_TTL_SECONDS);
}

/**
 * The OpenID Provider (oidc-provider, OpenID Certified) on Portico's database: its storage is
 * the Prisma adapter, its keys the sealed signing keys, its clients Portico's clients, its
 * accounts Portico's users with the company of their sign-in. Signing in is the portal's
 * journey (interaction-routes.ts): the library's development login pages are off, and every
 * authorization asks the portal again (loadExistingGrant), so the gates of a sign-in (bans,
 * blocked devices and accounts, the client's policy) apply to every code this issues.
 */
export function createProvider(
  config: Pick<Config, 'PUBLIC_URL' | 'LOCALHOST_REDIRECTS'>,
  db: Database,
  options: { secret: string; keys: PrivateJwk[] },
): Provider {
  const configuration: Configuration = {
    adapter: prismaAdapter(db, options.secret),
    jwks: { keys: options.keys },
    cookies: { keys: cookieKeys(options.secret) },
    clients: [],
    findAccount: accountFinder(db),
    claims: CLAIMS,
    conformIdTokenClaims: false,
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    pkce: { required: () => true },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    extraClientMetadata: { properties: Object.values(PORTICO_METADATA) },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    // A new grant at every authorization: each one runs the portal's sign-in and its gates, and
    // records the company chosen (oidc_grants). Only the grant the hand-over just made (the
    // interaction's result) is loaded, never one an earlier authorization left in the session.
    loadExistingGrant: async (ctx) => {
      const grantId = (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    // Refresh tokens without offline_access (they end with the Portico sign-in anyway), and a
    // new one at every use except for FAPI clients: presenting a used one revokes the grant
    // (reuse detection).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Tokens are bound to the Portico sign-in (oidc/grants.ts), not to the provider's cookie
    // session, which a later authorization of the same browser replaces.
    expiresWithSession: async () => false,
    // FAPI 2.0 discourages rotation (a lost answer would strand the client): its clients keep
    // their refresh token (DESIGN.md), which is sender-constrained there instead.
    rotateRefreshToken: (ctx) => !metadataOf(ctx.oidc.client)[PORTICO_METADATA.fapi2],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // A client learns about its own tokens only (the library lets any confidential client
      // introspect any token by default).
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      clientCredentials: { enabled: true },
      backchannelLogout: { enabled: true },
      pushedAuthorizationRequests: { enabled: true },
      dPoP: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      fapi: {
        enabled: true,
        profile: (_ctx, client) => (metadataOf(client)[PORTICO_METADATA.fapi2] ? '2.0' : undefined),
      },
    },
    ttl: {
      IdToken: ID_TOKEN_TTL_SECONDS,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      AccessToken: (_ctx, _token, client) =>
        secondsSetting(
          client,
          PORTICO_METADATA.accessTokenTtl,
          OIDC_CLIENT_DEFAULTS.accessTokenTtl,
        ),
      ClientCredentials: (_ctx, _token, client) =>
        secondsSetting(
          client,
          PORTICO_METADATA.accessTokenTtl,
          OIDC_CLIENT_DEFAULTS.accessTokenTtl,
        ),
      RefreshToken: (_ctx, _token, client) =>
        secondsSetting(
          client,
          PORTICO_METADATA.refreshTokenTtl,
          OIDC_CLIENT_DEFAULTS.refreshTokenTtl,
        ),
      Interaction: 3600,
      Grant: (_ctx, grant) => grantTtl(grant.client),
      Session: 14 * 86_400,
    },
    enabledJWA: {
      idTokenSigningAlgValues: ['ES256', 'PS256', 'RS256'],
      clientAuthSigningAlgValues: ['ES256', 'PS256', 'RS256', 'EdDSA'],
      dPoPSigningAlgValues: ['ES256', 'PS256', 'RS256', 'EdDSA'],
    },
    renderError,
    // The provider refuses to call special-use addresses (SSRF). A client on this machine
    // (a JWKS or back-channel logout URI on localhost) is allowed where localhost redirects
    // are: outside production, or when the operator says so (LOCALHOST_REDIRECTS).
    fetch: (url, init) => {
      if (config.LOCALHOST_REDIRECTS && isLocalRedirect(String(url))) {
        const { dispatcher: _ssrfGuard, ...rest } = init as RequestInit & { dispatcher?: unknown };
        return fetch(url, rest);
      }
      return fetch(url, init);
    },
  };
  const provider = new Provider(issuerOf(config), configuration);
  // The mount (routes.ts) sets the forwarding headers itself, from the issuer and from the
  // address Fastify trusted: the provider reads them, never a client's own.
  provider.proxy = true;
  return provider;
}
