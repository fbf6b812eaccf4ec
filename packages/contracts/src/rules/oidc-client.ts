import { z } from 'zod';
import { isRedirectUrl } from './client.js';

/**
 * A client's OpenID Connect settings (docs/oidc.md, "Clients"), edited on the Developer
 * screen beside the specification's fields. Every one is optional on the wire: an update that
 * leaves one out keeps it.
 */
export const OIDC_CLIENT_MESSAGES = {
  uri: 'Must be a valid HTTPS URL',
  grantTypes: 'Choose at least one grant type',
  authMethod: 'Choose how the client authenticates',
  jwksUriNeeded: 'private_key_jwt needs the URL of the client’s public keys (JWKS URI)',
  fapiNeedsKeys: 'The FAPI 2.0 profile needs private_key_jwt',
  fapiNeedsCode: 'The FAPI 2.0 profile needs the authorization_code grant',
  accessTtl: 'Access token lifetime must be between 1 minute and 1 day',
  refreshTtl: 'Refresh token lifetime must be between 5 minutes and 90 days',
} as const;

export const OIDC_GRANT_TYPES = [
  'authorization_code',
  'refresh_token',
  'client_credentials',
] as const;
export const OIDC_AUTH_METHODS = [
  'client_secret_basic',
  'client_secret_post',
  'private_key_jwt',
] as const;

export const OIDC_TOKEN_LIMITS = {
  access: { min: 60, max: 86_400, default: 600 },
  refresh: { min: 300, max: 90 * 86_400, default: 86_400 },
} as const;

/** A client's OIDC settings before anyone sets them (prisma/schema.prisma has the same). */
export const OIDC_CLIENT_DEFAULTS = {
  grantTypes: ['authorization_code', 'refresh_token'] as (typeof OIDC_GRANT_TYPES)[number][],
  authMethod: 'client_secret_basic' as (typeof OIDC_AUTH_METHODS)[number],
  accessTokenTtl: OIDC_TOKEN_LIMITS.access.default,
  refreshTokenTtl: OIDC_TOKEN_LIMITS.refresh.default,
};

const M = OIDC_CLIENT_MESSAGES;

const uriRule = z
  .string({ error: M.uri })
  .trim()
  .max(2048, { error: M.uri })
  .refine(isRedirectUrl, { error: M.uri });

/** A URL setting that may be cleared with an empty string. */
const optionalUriRule = z.union([z.literal(''), uriRule]);

export const oidcClientFields = {
  oidc_post_logout_redirect_uris: z
    .array(uriRule)
    .max(10)
    .optional()
    .describe('where end_session may return the browser, compared exactly'),
  oidc_grant_types: z
    .array(z.enum(OIDC_GRANT_TYPES, { error: M.grantTypes }))
    .min(1, { error: M.grantTypes })
    .max(OIDC_GRANT_TYPES.length)
    .optional()
    .describe('grant types the client may use at the token endpoint'),
  oidc_auth_method: z
    .enum(OIDC_AUTH_METHODS, { error: M.authMethod })
    .optional()
    .describe('how the client authenticates at the token endpoint'),
  oidc_jwks_uri: optionalUriRule
    .optional()
    .describe("the client's public keys, for private_key_jwt; empty for none"),
  oidc_fapi2: z
    .boolean()
    .optional()
    .describe('holds the client to the FAPI 2.0 Security Profile (docs/oidc.md)'),
  oidc_backchannel_logout_uri: optionalUriRule
    .optional()
    .describe('receives a logout token when the user’s sign-in ends; empty for none'),
  oidc_access_token_ttl: z
    .number({ error: M.accessTtl })
    .int({ error: M.accessTtl })
    .min(OIDC_TOKEN_LIMITS.access.min, { error: M.accessTtl })
    .max(OIDC_TOKEN_LIMITS.access.max, { error: M.accessTtl })
    .optional()
    .describe('seconds'),
  oidc_refresh_token_ttl: z
    .number({ error: M.refreshTtl })
    .int({ error: M.refreshTtl })
    .min(OIDC_TOKEN_LIMITS.refresh.min, { error: M.refreshTtl })
    .max(OIDC_TOKEN_LIMITS.refresh.max, { error: M.refreshTtl })
    .optional()
    .describe('seconds'),
};

/** The settings that must agree with each other, as stored or as sent. */
export interface OidcClientSettings {
  grantTypes: readonly string[];
  authMethod: string;
  jwksUri: string | null;
  fapi2: boolean;
}

/**
 * What is wrong with a combination of settings, by field (empty when nothing is): the
 * contracts check what a body sends, the server checks an update merged with what is stored.
 */
export function oidcSettingsProblems(settings: OidcClientSettings): Record<string, string> {
  const problems: Record<string, string> = {};
  if (settings.authMethod === 'private_key_jwt' && !settings.jwksUri) {
    problems.oidc_jwks_uri = M.jwksUriNeeded;
  }
  if (settings.fapi2 && settings.authMethod !== 'private_key_jwt') {
    problems.oidc_auth_method = M.fapiNeedsKeys;
  }
  if (settings.fapi2 && !settings.grantTypes.includes('authorization_code')) {
    problems.oidc_grant_types = M.fapiNeedsCode;
  }
  return problems;
}
