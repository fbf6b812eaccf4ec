import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Prisma } from '@portico/db';
import type { Database } from '../db.js';
import { unseal } from './keys.js';

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
      select: { id: true, oidcRedirectUris: true, oidcSecretSealed: true },
    });
    if (!client || client.oidcRedirectUris.length === 0 || !client.oidcSecretSealed) {
      return undefined;
    }
    return {
      client_id: client.id,
      client_secret: unseal(this.secret, client.oidcSecretSealed),
      redirect_uris: client.oidcRedirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'client_secret_basic',
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
    await this.db.prisma.oidcRecord.deleteMany({ where: { grantId } });
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
