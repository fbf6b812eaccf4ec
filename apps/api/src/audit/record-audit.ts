import type { FastifyRequest } from 'fastify';
import type { Prisma } from '@portico/db';
import { publishAuditEvent } from './siem/publish.js';

type Writer = Pick<Prisma.TransactionClient, 'auditEvent'>;

export interface AuditEntry {
  /** A dotted verb: `auth.sign_in`, `auth.sign_in_failed`, `user.invite`, `ip.unban`... */
  action: string;
  actorId?: string | null;
  companyId?: string | null;
  clientId?: string | null;
  target?: string | null;
  ip?: string | null;
  details?: Prisma.InputJsonValue;
}

/**
 * Records one event. Pass the transaction that makes the change, so the trail and the change
 * commit together. Never put secrets (passwords, codes, tokens) in `details`. Once the change
 * commits, the event also goes to the SIEM (SIEM_LOG, siem/publish.ts).
 */
export async function recordAudit(db: Writer, entry: AuditEntry): Promise<void> {
  const written = await db.auditEvent.create({
    data: {
      action: entry.action,
      actorId: entry.actorId ?? null,
      companyId: entry.companyId ?? null,
      clientId: entry.clientId ?? null,
      target: entry.target ?? null,
      ip: entry.ip ?? null,
      ...(entry.details === undefined ? {} : { details: entry.details }),
    },
    select: { id: true, at: true },
  });
  publishAuditEvent(db, { ...entry, ...written });
}

/** Who, where and from which IP, taken from a guarded request's session. */
export function auditContext(
  request: FastifyRequest,
): Pick<AuditEntry, 'actorId' | 'companyId' | 'clientId' | 'ip'> {
  return {
    actorId: request.session?.userId ?? null,
    companyId: request.session?.companyId ?? null,
    clientId: request.session?.clientId ?? request.callingClient?.id ?? null,
    ip: request.ip,
  };
}
