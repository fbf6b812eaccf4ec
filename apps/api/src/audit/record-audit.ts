import type { FastifyRequest } from 'fastify';
import type { Database, Prisma } from '@portico/db';
import { publishAuditEvent } from './siem/publish.js';
import type { WrittenAuditEvent } from './siem/record.js';

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

/**
 * The row recordAudit writes, in SQL through `db.query`, for a Database.transaction (no ORM: the
 * first start's bootstrap). It is not published: the caller hands the answer to the SIEM
 * (publishAuditEvent) once that transaction has committed.
 */
export async function insertAuditEvent(
  db: Database,
  entry: AuditEntry,
): Promise<WrittenAuditEvent> {
  const [written] = await db.query<{ id: string; at: Date }>(
    'portico_insert_audit_event',
    `INSERT INTO audit_events (action, actor_id, company_id, client_id, target, ip, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) RETURNING id::text, at`,
    [
      entry.action,
      entry.actorId ?? null,
      entry.companyId ?? null,
      entry.clientId ?? null,
      entry.target ?? null,
      entry.ip ?? null,
      entry.details === undefined ? null : JSON.stringify(entry.details),
    ],
  );
  if (!written) throw new Error('insertAuditEvent: the audit event was not written');
  return { ...entry, ...written };
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
