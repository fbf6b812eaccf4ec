import type { Adapter, AdapterFactory, AdapterPayload, ClientAuthMethod } from 'oidc-provider';
import type { Prisma } from '@portico/db';
import type { Database } from '../db.js';
import { unseal } from './keys.js';
import { PORTICO_METADATA } from './client-metadata.js';

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

/**
 * The provider's clients are Portico's clients that have OIDC redirect URIs (Developer screen,
 * clients.add / clients.update): read, never written (no dynamic registration). The secret is
 * unsealed for the comparison client_secret_basic and client_secret_post make.
 */
class PorticoClients implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
  ) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    const client = await this.db.prisma.client.findUnique({
      where: { id },
      select: {
        id: true,
        description: true,
        oidcRedirectUris: true,
        oidcSecretSealed: true,
        oidcPostLogoutRedirectUris: true,
        oidcGrantTypes: true,
        oidcAuthMethod: true,
        oidcJwksUri: true,
        oidcFapi2: true,
        oidcBackchannelLogoutUri: true,
        oidcAccessTokenTtl: true,
        oidcRefreshTokenTtl: true,
      },
    });
    if (!client || client.oidcRedirectUris.length === 0) return undefined;
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
      response_types: client.oidcGrantTypes.includes('authorization_code') ? ['code'] : [],
      grant_types: client.oidcGrantTypes,
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

class PrismaOidcAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const columns = {
      payload: payload as Prisma.InputJsonValue,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db.prisma.oidcRecord.upsert({
      where: { model_id: { model: this.model, id } },
      create: { model: this.model, id, ...columns },
      update: columns,
    });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.first({ id });
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.first({ uid });
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.first({ userCode });
  }

  async consume(id: string): Promise<void> {
    await this.db.prisma.oidcRecord.updateMany({
      where: { model: this.model, id },
      data: { consumedAt: new Date() },
    });
  }

  async destroy(id: string): Promise<void> {
    await this.db.prisma.oidcRecord.deleteMany({ where: { model: this.model, id } });
  }

  /** Every record of the grant, whatever its model: codes, access and refresh tokens. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.prisma.$transaction([
      this.db.prisma.oidcRecord.deleteMany({ where: { grantId } }),
      this.db.prisma.oidcGrant.deleteMany({ where: { grantId } }),
    ]);
  }

  private async first(
    where: { id: string } | { uid: string } | { userCode: string },
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db.prisma.oidcRecord.findFirst({
      where: {
        model: this.model,
        ...where,
        OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }],
      },
      select: { payload: true, consumedAt: true },
    });
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt
      ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : payload;
  }
}
