import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Prisma } from '@portico/db';
import type { Database } from '../db.js';

/**
 * oidc-provider's storage (its Adapter interface) in PostgreSQL through Prisma, one table for
 * every model (`oidc_records`): nothing lives in one process's memory, so every API replica
 * serves one issuer, and the embedded PGlite works the same. Expired rows read as absent; a
 * consumed row reads with `consumed` set, which is how the provider detects a replayed code or
 * refresh token (and then revokes the grant through revokeByGrantId).
 */
export function prismaAdapter(db: Database): AdapterFactory {
  return (model: string): Adapter => new PrismaOidcAdapter(db, model);
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
