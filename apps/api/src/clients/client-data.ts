import type { z } from 'zod';
import { CLIENT_DEFAULTS, OIDC_CLIENT_DEFAULTS } from '@portico/contracts';
import type { OidcClientSettings } from '@portico/contracts';
import type { clients } from '@portico/contracts';

type AddBody = z.output<typeof clients.add.body>;
type UpdateBody = z.output<typeof clients.update.body>;

/**
 * The columns of a client from an add or update payload. The contract already enforced the
 * section 5 ranges, the redirect rule and custom hashing off for Web. Optional numbers that
 * are absent keep their current value on update and take the section 9 defaults on add.
 */
export function clientColumns(body: AddBody | UpdateBody) {
  return {
    description: body.desc,
    redirect: body.redirect,
    domain: body.domain === '' ? null : body.domain,
    platform: body.platform,
    customHash: body.custom_hash,
    allowDelete: body.allow_delete,
    allowMultipleSessions: body.allow_multiple_sessions,
    ...(body.second_factor_required === undefined
      ? {}
      : { secondFactorRequired: body.second_factor_required }),
    ...oidcColumns(body),
    ...(body.session_activity_timeout === undefined
      ? {}
      : { sessionActivityTimeout: body.session_activity_timeout }),
    ...(body.session_ttl === undefined ? {} : { sessionTtl: body.session_ttl }),
    ...('device_limit' in body && body.device_limit !== undefined
      ? { deviceLimit: body.device_limit }
      : {}),
    ...('login_retry_limit' in body && body.login_retry_limit !== undefined
      ? { loginRetryLimit: body.login_retry_limit }
      : {}),
  };
}

/** The OpenID Connect settings a body sends (an absent one is kept; "" clears a URL). */
function oidcColumns(body: AddBody | UpdateBody) {
  const url = (value: string | undefined) => (value === undefined ? undefined : value || null);
  const columns = {
    oidcRedirectUris: body.oidc_redirect_uris,
    oidcPostLogoutRedirectUris: body.oidc_post_logout_redirect_uris,
    oidcGrantTypes: body.oidc_grant_types,
    oidcAuthMethod: body.oidc_auth_method,
    oidcJwksUri: url(body.oidc_jwks_uri),
    oidcFapi2: body.oidc_fapi2,
    oidcBackchannelLogoutUri: url(body.oidc_backchannel_logout_uri),
    oidcAccessTokenTtl: body.oidc_access_token_ttl,
    oidcRefreshTokenTtl: body.oidc_refresh_token_ttl,
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as Partial<{ [K in keyof typeof columns]: Exclude<(typeof columns)[K], undefined> }>;
}

/** The OIDC settings that must agree, as they will be once `body` is applied to `current`. */
export function oidcSettingsAfter(
  body: AddBody | UpdateBody,
  current: {
    oidcGrantTypes: string[];
    oidcAuthMethod: string;
    oidcJwksUri: string | null;
    oidcFapi2: boolean;
  } = CLIENT_OIDC_DEFAULTS,
): OidcClientSettings {
  const next = { ...current, ...oidcColumns(body) };
  return {
    grantTypes: next.oidcGrantTypes,
    authMethod: next.oidcAuthMethod,
    jwksUri: next.oidcJwksUri ?? null,
    fapi2: next.oidcFapi2,
  };
}

/** The stored defaults of a new client (prisma/schema.prisma, the contracts' defaults). */
const CLIENT_OIDC_DEFAULTS = {
  oidcGrantTypes: OIDC_CLIENT_DEFAULTS.grantTypes,
  oidcAuthMethod: OIDC_CLIENT_DEFAULTS.authMethod,
  oidcJwksUri: null,
  oidcFapi2: false,
};

export function newClientColumns(body: AddBody) {
  return {
    sessionActivityTimeout: CLIENT_DEFAULTS.session_activity_timeout,
    sessionTtl: CLIENT_DEFAULTS.session_ttl,
    deviceLimit: CLIENT_DEFAULTS.device_limit,
    loginRetryLimit: CLIENT_DEFAULTS.login_retry_limit,
    ...clientColumns(body),
  };
}

/** What the audit trail keeps of a client change: the settings, never the secret. */
export function auditedSettings(body: AddBody | UpdateBody) {
  if (!('secret' in body)) return body;
  const { secret: _secret, ...settings } = body;
  return settings;
}
