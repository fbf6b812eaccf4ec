import type { z } from 'zod';
import { CLIENT_DEFAULTS } from '@portico/contracts';
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
    ...(body.oidc_redirect_uris === undefined ? {} : { oidcRedirectUris: body.oidc_redirect_uris }),
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
