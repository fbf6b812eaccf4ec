import type { z } from 'zod';
import type { maskedClient } from '@portico/contracts';
import type { Database } from '../db.js';
import { imageUrl } from '../files/image-url.js';

type MaskedClient = z.infer<typeof maskedClient>;

const CLIENT_FIELDS = {
  id: true,
  appId: true,
  secretMask: true,
  description: true,
  redirect: true,
  domain: true,
  platform: true,
  customHash: true,
  secondFactorRequired: true,
  sessionActivityTimeout: true,
  sessionTtl: true,
  allowDelete: true,
  allowMultipleSessions: true,
  deviceLimit: true,
  loginRetryLimit: true,
  oidcRedirectUris: true,
  oidcPostLogoutRedirectUris: true,
  oidcGrantTypes: true,
  oidcAuthMethod: true,
  oidcJwksUri: true,
  oidcFapi2: true,
  oidcBackchannelLogoutUri: true,
  oidcAccessTokenTtl: true,
  oidcRefreshTokenTtl: true,
} as const;

/**
 * Every application, and per application the JSON text of its client list (the specification
 * sends clients so). Secrets appear only as their stored mask; the whole secret is never kept.
 */
export async function listApps(db: Database, publicUrl: string) {
  const apps = await db.prisma.application.findMany({
    orderBy: { id: 'asc' },
    include: { clients: { select: CLIENT_FIELDS, orderBy: { createdAt: 'asc' } } },
  });
  const clients: Record<string, string> = {};
  const entries = apps.map((app) => {
    const masked: MaskedClient[] = app.clients.map((client) => ({
      id: client.id,
      secret: client.secretMask,
      desc: client.description,
      app: client.appId,
      redirect: client.redirect,
      domain: client.domain ?? '',
      platform: client.platform,
      custom_hash: client.customHash,
      session_activity_timeout: client.sessionActivityTimeout,
      session_ttl: client.sessionTtl,
      allow_delete: client.allowDelete,
      allow_multiple_sessions: client.allowMultipleSessions,
      device_limit: client.deviceLimit,
      login_retry_limit: client.loginRetryLimit,
      second_factor_required: client.secondFactorRequired,
      oidc_redirect_uris: client.oidcRedirectUris,
      oidc_post_logout_redirect_uris: client.oidcPostLogoutRedirectUris,
      oidc_grant_types: client.oidcGrantTypes,
      oidc_auth_method: client.oidcAuthMethod,
      oidc_jwks_uri: client.oidcJwksUri ?? '',
      oidc_fapi2: client.oidcFapi2,
      oidc_backchannel_logout_uri: client.oidcBackchannelLogoutUri ?? '',
      oidc_access_token_ttl: client.oidcAccessTokenTtl,
      oidc_refresh_token_ttl: client.oidcRefreshTokenTtl,
    }));
    clients[app.id] = JSON.stringify(masked);
    return {
      id: app.id,
      name: app.name,
      desc: app.description,
      status: app.status,
      link: app.link ?? '',
      icons: imageUrl(publicUrl, app.smallIconId),
      iconl: imageUrl(publicUrl, app.largeIconId),
      clients: app.clients.map((client) => client.id),
    };
  });
  return { apps: entries, clients };
}
