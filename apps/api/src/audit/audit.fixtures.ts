import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import type { TestApp } from '../../test/harness.js';
import type { TestSession, TestUser } from '../../test/factories.js';
import { createCompany, signedInMember } from '../../test/factories.js';

/** Test helpers of the audit trail calls: a platform admin, two companies, events by hand. */
export type Member = TestUser & { session: TestSession };

export interface Trail {
  platform: Member;
  a: { id: string; name: string; owner: Member; admin: Member; member: Member };
  b: { id: string; name: string; admin: Member };
}

export async function seedTrail(t: TestApp): Promise<Trail> {
  const a = await createCompany(t, { name: 'Alpha Bank' });
  const b = await createCompany(t, { name: 'Bravo Bank' });
  return {
    platform: await signedInMember(t, PLATFORM_COMPANY_ID, ['admin']),
    a: {
      id: a.id,
      name: a.name,
      owner: await signedInMember(t, a.id, ['owner']),
      admin: await signedInMember(t, a.id, ['admin']),
      member: await signedInMember(t, a.id, []),
    },
    b: { id: b.id, name: b.name, admin: await signedInMember(t, b.id, ['admin']) },
  };
}

export interface EventFields {
  at: Date;
  action?: string;
  actorId?: string | null;
  companyId?: string | null;
  clientId?: string | null;
  target?: string | null;
  ip?: string | null;
  details?: Prisma.InputJsonValue;
}

/** Records an event as recordAudit would, at a chosen time; answers its id. */
export async function addEvent(t: TestApp, fields: EventFields): Promise<string> {
  const row = await t.db.prisma.auditEvent.create({
    data: {
      at: fields.at,
      action: fields.action ?? 'test.event',
      actorId: fields.actorId ?? null,
      companyId: fields.companyId ?? null,
      clientId: fields.clientId ?? null,
      target: fields.target ?? null,
      ip: fields.ip ?? null,
      ...(fields.details === undefined ? {} : { details: fields.details }),
    },
    select: { id: true },
  });
  return row.id.toString();
}

/** A moment `minutes` after a fixed start, so tests choose the order of their events. */
export const minute = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));
