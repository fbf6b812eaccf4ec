import { z } from 'zod';
import {
  ACCESS_STATUSES,
  APP_STATUSES,
  BAN_REASONS,
  DEVICE_STATUSES,
  PLATFORM_VALUES,
} from './constants.js';
import { OIDC_CLIENT_DEFAULTS } from './rules/oidc-client.js';

/**
 * Entities of section 3 that more than one capability answers with. Answer schemas describe
 * what the API sends; dates are ISO 8601 strings.
 */

export const isoDate = z.iso.datetime().describe('ISO 8601 date and time (UTC)');

/** An id and a display name (companies, applications, roles in lists). */
export const namedRef = z.object({ id: z.string(), name: z.string() });

/** Branch: company-scoped id and name. */
export const branchEntry = namedRef;

/**
 * Access entry: one user's (or invitee's) roles in one application of one company. `status` is
 * `pending` while the invitation is not accepted.
 */
export const accessEntry = z.object({
  app: z.string().describe('application id; "global" for the company itself'),
  code: z.string().describe('the access (invitation) code; empty once accepted'),
  email: z.string(),
  status: z.string().describe('pending, verified, ...'),
  com: z.string(),
  userid: z.string().nullable().describe('null while the invitee has no account'),
  username: z.string().nullable(),
  roles: z.array(z.string()).describe('role ids'),
});

/** A role of an application. */
export const roleEntry = z.object({ id: z.string(), name: z.string(), desc: z.string() });

/** A role group of the roles definition set: the company ("global") or one application. */
export const roleGroup = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(namedRef),
});

/** A client as the administration screens see it: the secret only masked. */
export const maskedClient = z.object({
  id: z.string(),
  secret: z.string().describe('masked: first and last three characters'),
  desc: z.string().describe('the client name'),
  app: z.string(),
  redirect: z.string(),
  domain: z.string(),
  platform: z.enum(PLATFORM_VALUES),
  custom_hash: z.boolean(),
  session_activity_timeout: z.number().int().describe('seconds'),
  session_ttl: z.number().int().describe('seconds'),
  allow_delete: z.boolean(),
  allow_multiple_sessions: z.boolean(),
  device_limit: z.number().int(),
  login_retry_limit: z.number().int(),
  second_factor_required: z.boolean().default(false).describe('ours (docs/mfa.md)'),
  oidc_redirect_uris: z
    .array(z.string())
    .default([])
    .describe('OpenID Connect redirect URIs; empty when the client does not use OIDC'),
  oidc_post_logout_redirect_uris: z.array(z.string()).default([]),
  oidc_grant_types: z.array(z.string()).default(OIDC_CLIENT_DEFAULTS.grantTypes),
  oidc_auth_method: z.string().default(OIDC_CLIENT_DEFAULTS.authMethod),
  oidc_jwks_uri: z.string().default('').describe('empty when none'),
  oidc_fapi2: z.boolean().default(false),
  oidc_backchannel_logout_uri: z.string().default('').describe('empty when none'),
  oidc_access_token_ttl: z
    .number()
    .int()
    .default(OIDC_CLIENT_DEFAULTS.accessTokenTtl)
    .describe('seconds'),
  oidc_refresh_token_ttl: z
    .number()
    .int()
    .default(OIDC_CLIENT_DEFAULTS.refreshTokenTtl)
    .describe('seconds'),
});

/** Application status: an index into Disabled, Alpha, Beta, Released, Internal. */
export const appStatus = z
  .number()
  .int()
  .min(0)
  .max(APP_STATUSES.length - 1)
  .describe(APP_STATUSES.map((name, index) => `${index} ${name}`).join(', '));

export const applicationEntry = z.object({
  id: z.string(),
  name: z.string(),
  desc: z.string(),
  status: appStatus,
  link: z.string(),
  icons: z.string().describe('small icon URL, empty when none'),
  iconl: z.string().describe('large icon URL, empty when none'),
  clients: z.array(z.string()).describe('ids of the application clients'),
});

export const accessStatus = z.enum(ACCESS_STATUSES);
export const deviceStatus = z.enum(DEVICE_STATUSES);

export const deviceEntry = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: deviceStatus,
  last_accessed: isoDate.nullable(),
});

export const whitelistEntry = z.object({
  ip: z.string(),
  addedAt: isoDate,
  addedBy: z.string(),
  description: z.string(),
});

export const bannedEntry = z.object({
  ip: z.string(),
  reason: z.enum(BAN_REASONS),
  bannedAt: isoDate,
  expiresAt: isoDate.nullable().describe('null for a ban that does not expire'),
  attemptCount: z.number().int(),
  clientId: z.string().nullable(),
  appId: z.string().nullable(),
  blockedUsers: z.array(z.string()).describe('usernames the attempts were made against'),
});

/** A user's company-scoped names (the "preference record"). */
export const userPreference = z.object({
  userid: z.string(),
  fname: z.string(),
  lname: z.string(),
});

/** The application/role grants of an invitation or a role change. */
export const grantEntry = z.object({ app: z.string(), roles: z.array(z.string()) });
