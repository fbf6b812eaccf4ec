import { errors } from 'oidc-provider';
import { APP_STATUS } from '@portico/contracts';
import type { Adapter, AdapterFactory, AdapterPayload, ClientAuthMethod } from 'oidc-provider';
import type { Database } from '../db.js';
import { unseal } from './keys.js';
import { PORTICO_METADATA } from './client-metadata.js';
import { grantRecords } from './grant-records.js';

/**
 * oidc-provider's storage (its Adapter interface) in PostgreSQL through Prisma, one table for
 * every model (`oidc_records`): nothing lives in one process's memory, so every API replica
 * serves one issuer, and the embedded PGlite works the same. Expired rows read as absent; a
 * consumed row reads with `consumed` set, which is how the provider detects a replayed code or
 * refresh token (and then revokes the grant through revokeByGrantId).
 */
export function prismaAdapter(db: Database, secret: string): AdapterFactory {
  return (model: string): Adapter =>
    model === 'Client' ? new PorticoClients(db, secret) : new PrismaOidcAdapter(db, model);
}

interface ClientRow {
  id: string;
  appDisabled: boolean;
  description: string;
  oidcRedirectUris: string[];
  oidcSecretSealed: string | null;
  oidcPostLogoutRedirectUris: string[];
  oidcGrantTypes: string[];
  oidcAuthMethod: string;
  oidcJwksUri: string | null;
  oidcFapi2: boolean;
  oidcBackchannelLogoutUri: string | null;
  oidcAccessTokenTtl: number;
  oidcRefreshTokenTtl: number;
}

/**
 * The provider's clients are Portico's clients that have OIDC redirect URIs (Developer screen,
 * clients.add / clients.update): read, never written (no dynamic registration). The secret is
 * unsealed for the comparison client_secret_basic and client_secret_post make. A client of a
 * disabled application stays known, so that its authorization requests reach the portal, whose
 * gate answers app_disabled; the grants made through it read as absent (liveGrant). It is given
 * no more client_credentials tokens (its grant types lose that one: the token endpoint refuses
 * it as a grant type the client is not allowed), and a service client, which has nothing else,
 * reads as unknown (invalid_client). The tokens it was given read as absent (clientTokens).
 */
class PorticoClients implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
  ) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    // A prepared statement, not the ORM: the provider reads its client on every request.
    const [client] = await this.db.query<ClientRow>(
      'oidc_client_find',
      `SELECT id, description, oidc_redirect_uris AS "oidcRedirectUris",
              oidc_secret_sealed AS "oidcSecretSealed",
              oidc_post_logout_redirect_uris AS "oidcPostLogoutRedirectUris",
              oidc_grant_types AS "oidcGrantTypes", oidc_auth_method AS "oidcAuthMethod",
              oidc_jwks_uri AS "oidcJwksUri", oidc_fapi2 AS "oidcFapi2",
              oidc_backchannel_logout_uri AS "oidcBackchannelLogoutUri",
              oidc_access_token_ttl AS "oidcAccessTokenTtl",
              oidc_refresh_token_ttl AS "oidcRefreshTokenTtl",
              EXISTS (SELECT 1 FROM applications a
                       WHERE a.id = c.app_id AND a.status = ${APP_STATUS.disabled}) AS "appDisabled"
         FROM clients c WHERE c.id = $1`,
      [id],
    );
    if (!client || client.oidcRedirectUris.length === 0) return undefined;
    const grantTypes = client.appDisabled
      ? client.oidcGrantTypes.filter((type) => type !== 'client_credentials')
      : client.oidcGrantTypes;
    if (grantTypes.length === 0) return undefined;
    const bySecret = client.oidcAuthMethod !== 'private_key_jwt';
    if (bySecret && !client.oidcSecretSealed) return undefined;
    return {
      client_id: client.id,
      client_name: client.description || client.id,
      ...(bySecret && client.oidcSecretSealed
        ? { client_secret: unseal(this.secret, client.oidcSecretSealed) }
        : {}),
      redirect_uris: client.oidcRedirectUris,
      post_logout_redirect_uris: client.oidcPostLogoutRedirectUris,
      // A service client (client_credentials only) has no authorization requests at all.
      response_types: grantTypes.includes('authorization_code') ? ['code'] : [],
      grant_types: grantTypes,
      // Validated against the catalogue of methods by the contracts (clients.add / update).
      token_endpoint_auth_method: client.oidcAuthMethod as ClientAuthMethod,
      ...(client.oidcJwksUri ? { jwks_uri: client.oidcJwksUri } : {}),
      ...(client.oidcBackchannelLogoutUri
        ? {
            backchannel_logout_uri: client.oidcBackchannelLogoutUri,
            backchannel_logout_session_required: false,
          }
        : {}),
      ...(client.oidcFapi2
        ? {
            // The FAPI 2.0 Security Profile: pushed requests only, DPoP-bound tokens, and
            // private_key_jwt (the contracts refuse the switch without it).
            require_pushed_authorization_requests: true,
            dpop_bound_access_tokens: true,
            id_token_signed_response_alg: 'PS256',
          }
        : {}),
      [PORTICO_METADATA.fapi2]: client.oidcFapi2,
      [PORTICO_METADATA.accessTokenTtl]: client.oidcAccessTokenTtl,
      [PORTICO_METADATA.refreshTokenTtl]: client.oidcRefreshTokenTtl,
    };
  }

  async upsert(): Promise<void> {
    throw new Error('OIDC clients are managed on the Developer screen, not registered here');
  }
  async findByUid(): Promise<undefined> {
    return undefined;
  }
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
  async consume(): Promise<void> {}
  async destroy(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
}

/** SQL: whether the application of the client `clientId` (an SQL expression) is disabled. */
function appDisabled(clientId: string): string {
  return `EXISTS (SELECT 1 FROM clients c JOIN applications a ON a.id = c.app_id
                   WHERE c.id = ${clientId} AND a.status = ${APP_STATUS.disabled})`;
}

interface RecordRow {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

/**
 * Every model in one table, through prepared statements (the provider reads and writes
 * several records on every token request: the ORM's per-query cost would be most of it).
 */
class PrismaOidcAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.db.query(
      'oidc_record_upsert',
      `INSERT INTO oidc_records (model, id, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
       ON CONFLICT (model, id) DO UPDATE
          SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
              user_code = EXCLUDED.user_code, uid = EXCLUDED.uid,
              expires_at = EXCLUDED.expires_at`,
      [
        this.model,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      ],
    );
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    if (this.model === 'Grant') return this.liveGrant(id);
    if (this.model === 'ReplayDetection') return this.claimOnce(id);
    if (this.model === 'ClientCredentials') return this.clientTokens(id);
    return this.first('oidc_record_find', 'id', id);
  }

  /**
   * The replay check of a client assertion's or a DPoP proof's jti: the provider finds it, and
   * when it finds nothing saves it, so of parallel presentations of one assertion several would
   * find nothing. Finding it therefore claims it, in one statement: the first presentation
   * writes a placeholder row (and finds nothing; its save then writes the real expiry), every
   * other one finds the row (a replay, refused with the provider's own error). A row past its
   * expiry is claimed again.
   */
  private async claimOnce(id: string): Promise<AdapterPayload | undefined> {
    const claimed = await this.db.query<{ id: string }>(
      'oidc_replay_claim',
      `INSERT INTO oidc_records (model, id, payload, expires_at)
       VALUES ('ReplayDetection', $1, '{}'::jsonb, now() + interval '1 hour')
       ON CONFLICT (model, id) DO UPDATE
          SET payload = EXCLUDED.payload, expires_at = EXCLUDED.expires_at
        WHERE oidc_records.expires_at IS NOT NULL AND oidc_records.expires_at <= now()
       RETURNING id`,
      [id],
    );
    if (claimed.length === 1) return undefined;
    return (await this.first('oidc_record_find', 'id', id)) ?? { jti: id };
  }

  /**
   * A grant reads as absent once the Portico sign-in it came from is over: no live session of
   * its user on its device (oidc_grants). A session still waiting for its confirmation (PIN,
   * passkey or second factor: opened idle, last seen at the epoch) proves nothing yet, so it
   * does not count. And a grant of a client whose application is disabled reads as
   * absent too: disabling an application ends what its clients were given, as well as stopping
   * its sign-ins. A sign-out or a revocation deletes the grant at once
   * (grants.ts); a sign-in that reaches its time to live changes no row, so it is read here. The
   * provider finds the grant on every use of its codes and tokens (token endpoint, userinfo,
   * introspection), so all of them end with the sign-in (docs/oidc.md, "Sessions are one").
   * A grant without its oidc_grants row is absent as well: every grant is recorded by the
   * hand-over, so a missing row means a revocation, and a request in flight at that moment (a
   * refresh racing the reuse that revoked its grant) may save tokens after it, which must not
   * find a grant that vouches for them.
   */
  private async liveGrant(id: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.db.query<RecordRow>(
      'oidc_grant_find_live',
      `SELECT r.payload, r.consumed_at FROM oidc_records r
         JOIN oidc_grants g ON g.grant_id = r.id
        WHERE r.model = 'Grant' AND r.id = $1
          AND (r.expires_at IS NULL OR r.expires_at > now())
          AND EXISTS (SELECT 1 FROM sessions s
                       WHERE s.user_id = g.user_id AND s.device_id = g.device_id
                         AND s.ended_at IS NULL AND s.expires_at > now()
                         AND s.last_seen_at > 'epoch'::timestamptz)
          AND NOT ${appDisabled('g.client_id')}`,
      [id],
    );
    return row ? recordPayload(row) : undefined;
  }

  /**
   * A service client's access token (client_credentials: no grant, no user) reads as absent
   * once its client's application is disabled, as a grant does (liveGrant): introspection and
   * every resource server that asks then see it inactive.
   */
  private async clientTokens(id: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.db.query<RecordRow>(
      'oidc_client_token_find_live',
      `SELECT r.payload, r.consumed_at FROM oidc_records r
        WHERE r.model = 'ClientCredentials' AND r.id = $1
          AND (r.expires_at IS NULL OR r.expires_at > now())
          AND NOT ${appDisabled("r.payload->>'clientId'")}`,
      [id],
    );
    return row ? recordPayload(row) : undefined;
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.first('oidc_record_find_uid', 'uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.first('oidc_record_find_user_code', 'user_code', userCode);
  }

  /**
   * Consumes a code, a refresh token or a pushed request once: the provider reads the record
   * (unconsumed) before it consumes it, so of parallel presentations several would pass its own
   * check. The conditional UPDATE lets exactly one through; the others lost to a use made
   * meanwhile, which is a reuse like any other: the grant is revoked, as the provider does for a
   * reuse it sees (RFC 6749 4.1.2), and the request is refused with the provider's own error.
   */
  async consume(id: string): Promise<void> {
    const consumed = await this.db.query<{ id: string }>(
      'oidc_record_consume_once',
      `UPDATE oidc_records SET consumed_at = now()
        WHERE model = $1 AND id = $2 AND consumed_at IS NULL
        RETURNING id`,
      [this.model, id],
    );
    if (consumed.length === 1) return;
    const [row] = await this.db.query<{ grant_id: string | null }>(
      'oidc_record_grant_of',
      'SELECT grant_id FROM oidc_records WHERE model = $1 AND id = $2',
      [this.model, id],
    );
    if (row?.grant_id) await this.revokeByGrantId(row.grant_id);
    throw this.model === 'PushedAuthorizationRequest'
      ? new errors.InvalidRequestUri('request_uri is invalid, expired, or was already used')
      : new errors.InvalidGrant('grant source already used');
  }

  async destroy(id: string): Promise<void> {
    await this.db.query(
      'oidc_record_destroy',
      'DELETE FROM oidc_records WHERE model = $1 AND id = $2',
      [this.model, id],
    );
  }

  /**
   * Every record of the grant, whatever its model: codes, access and refresh tokens, and the
   * Grant itself (keyed by its own id: it carries no grant id).
   */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.prisma.$transaction([
      this.db.prisma.oidcRecord.deleteMany({ where: grantRecords([grantId]) }),
      this.db.prisma.oidcGrant.deleteMany({ where: { grantId } }),
    ]);
  }

  private async first(
    name: string,
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const [row] = await this.db.query<RecordRow>(
      name,
      `SELECT payload, consumed_at FROM oidc_records
        WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())
        LIMIT 1`,
      [this.model, value],
    );
    return row ? recordPayload(row) : undefined;
  }
}

function recordPayload(row: RecordRow): AdapterPayload {
  return row.consumed_at
    ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
    : row.payload;
}
