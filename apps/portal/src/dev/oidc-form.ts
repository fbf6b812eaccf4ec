import {
  OIDC_AUTH_METHODS,
  OIDC_GRANT_TYPES,
  OIDC_CLIENT_DEFAULTS,
  fieldError,
  oidcClientFields,
  oidcSettingsProblems,
  redirectUrlRule,
} from '@portico/contracts';
import { z } from 'zod';

export type OidcGrantType = (typeof OIDC_GRANT_TYPES)[number];
export type OidcAuthMethod = (typeof OIDC_AUTH_METHODS)[number];

/** The client editor's OpenID Connect settings; URI lists are edited one per line. */
export interface OidcDraft {
  oidc_redirect_uris: string;
  oidc_post_logout_redirect_uris: string;
  oidc_grant_types: OidcGrantType[];
  oidc_auth_method: OidcAuthMethod;
  oidc_jwks_uri: string;
  oidc_fapi2: boolean;
  oidc_backchannel_logout_uri: string;
  oidc_access_token_ttl: number;
  oidc_refresh_token_ttl: number;
}

export const NEW_OIDC_DRAFT: OidcDraft = {
  oidc_redirect_uris: '',
  oidc_post_logout_redirect_uris: '',
  oidc_grant_types: OIDC_CLIENT_DEFAULTS.grantTypes,
  oidc_auth_method: OIDC_CLIENT_DEFAULTS.authMethod,
  oidc_jwks_uri: '',
  oidc_fapi2: false,
  oidc_backchannel_logout_uri: '',
  oidc_access_token_ttl: OIDC_CLIENT_DEFAULTS.accessTokenTtl,
  oidc_refresh_token_ttl: OIDC_CLIENT_DEFAULTS.refreshTokenTtl,
};

interface StoredOidc {
  oidc_redirect_uris: string[];
  oidc_post_logout_redirect_uris: string[];
  oidc_grant_types: string[];
  oidc_auth_method: string;
  oidc_jwks_uri: string;
  oidc_fapi2: boolean;
  oidc_backchannel_logout_uri: string;
  oidc_access_token_ttl: number;
  oidc_refresh_token_ttl: number;
}

function isGrantType(value: string): value is OidcGrantType {
  return (OIDC_GRANT_TYPES as readonly string[]).includes(value);
}

function isAuthMethod(value: string): value is OidcAuthMethod {
  return (OIDC_AUTH_METHODS as readonly string[]).includes(value);
}

export function oidcDraftFrom(client: StoredOidc): OidcDraft {
  return {
    oidc_redirect_uris: client.oidc_redirect_uris.join('\n'),
    oidc_post_logout_redirect_uris: client.oidc_post_logout_redirect_uris.join('\n'),
    oidc_grant_types: client.oidc_grant_types.filter(isGrantType),
    oidc_auth_method: isAuthMethod(client.oidc_auth_method)
      ? client.oidc_auth_method
      : 'client_secret_basic',
    oidc_jwks_uri: client.oidc_jwks_uri,
    oidc_fapi2: client.oidc_fapi2,
    oidc_backchannel_logout_uri: client.oidc_backchannel_logout_uri,
    oidc_access_token_ttl: client.oidc_access_token_ttl,
    oidc_refresh_token_ttl: client.oidc_refresh_token_ttl,
  };
}

/** The non-empty lines of a list field, trimmed. */
export function uriLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const redirectUris = z.array(redirectUrlRule).max(10);

export type OidcErrors = Partial<Record<keyof OidcDraft, string>>;

/** The contracts' messages of the OIDC settings, each on its field. */
export function oidcErrors(draft: OidcDraft): OidcErrors {
  const errors: OidcErrors = {
    oidc_redirect_uris: fieldError(redirectUris, uriLines(draft.oidc_redirect_uris)),
    oidc_post_logout_redirect_uris: fieldError(
      oidcClientFields.oidc_post_logout_redirect_uris,
      uriLines(draft.oidc_post_logout_redirect_uris),
    ),
    oidc_grant_types: fieldError(oidcClientFields.oidc_grant_types, draft.oidc_grant_types),
    oidc_jwks_uri: fieldError(oidcClientFields.oidc_jwks_uri, draft.oidc_jwks_uri.trim()),
    oidc_backchannel_logout_uri: fieldError(
      oidcClientFields.oidc_backchannel_logout_uri,
      draft.oidc_backchannel_logout_uri.trim(),
    ),
    oidc_access_token_ttl: fieldError(
      oidcClientFields.oidc_access_token_ttl,
      draft.oidc_access_token_ttl,
    ),
    oidc_refresh_token_ttl: fieldError(
      oidcClientFields.oidc_refresh_token_ttl,
      draft.oidc_refresh_token_ttl,
    ),
    ...oidcSettingsProblems({
      grantTypes: draft.oidc_grant_types,
      authMethod: draft.oidc_auth_method,
      jwksUri: draft.oidc_jwks_uri.trim() || null,
      fapi2: draft.oidc_fapi2,
    }),
  };
  for (const key of Object.keys(errors) as (keyof OidcDraft)[]) {
    if (errors[key] === undefined) delete errors[key];
  }
  return errors;
}

/** The OIDC fields of clients.add and clients.update (all of them: the editor shows all). */
export function oidcPayload(draft: OidcDraft) {
  return {
    oidc_redirect_uris: uriLines(draft.oidc_redirect_uris),
    oidc_post_logout_redirect_uris: uriLines(draft.oidc_post_logout_redirect_uris),
    oidc_grant_types: draft.oidc_grant_types,
    oidc_auth_method: draft.oidc_auth_method,
    oidc_jwks_uri: draft.oidc_jwks_uri.trim(),
    oidc_fapi2: draft.oidc_fapi2,
    oidc_backchannel_logout_uri: draft.oidc_backchannel_logout_uri.trim(),
    oidc_access_token_ttl: draft.oidc_access_token_ttl,
    oidc_refresh_token_ttl: draft.oidc_refresh_token_ttl,
  };
}
