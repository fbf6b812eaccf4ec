import type { Prisma } from '@portico/db';
import { redactedDetails } from '../redact-details.js';

/**
 * One audit event as a SIEM receives it: a JSON object of this stable shape, one per line
 * (docs/operations.md, "Security events"). New fields may be added; none is renamed or changes
 * meaning without a new `schema`.
 */
export interface SiemRecord {
  schema: typeof SIEM_SCHEMA;
  /** The audit_events row's id (a decimal string: the column is a bigint). */
  id: string;
  /** When it happened (ISO 8601, UTC, milliseconds). */
  time: string;
  /** The dotted verb: `auth.sign_in`, `auth.sign_in_failed`, `ip.ban`, `user.invite`... */
  action: string;
  outcome: 'success' | 'failure';
  /** The user who acted (their id), or null (the platform, an unknown user). */
  actor: string | null;
  /** What was acted on: a user id, `client:<id>`, an IP, a username tried... */
  target: string | null;
  company: string | null;
  client: string | null;
  ip: string | null;
  /**
   * The event's details as the audit trail keeps them: never a secret. A secret-named key's value
   * is redacted as audit.list redacts it (redact-details.ts), should a caller record one anyway.
   */
  details: Prisma.JsonValue | null;
}

export const SIEM_SCHEMA = 'portico.audit.v1';

/** Events that record something refused; every other event records something done. */
const FAILURES = new Set(['auth.sign_in_failed', 'exchange.refused', 'exchange.replay']);

/**
 * Events a security team wants to see at once: refusals, and the defences that acted (an
 * account blocked or locked, an IP banned). Syslog sends them with severity warning.
 */
const NOTABLE = new Set([...FAILURES, 'auth.account_blocked', 'auth.account_locked', 'ip.ban']);

export function outcomeOf(action: string): SiemRecord['outcome'] {
  return FAILURES.has(action) ? 'failure' : 'success';
}

export function isNotable(action: string): boolean {
  return NOTABLE.has(action);
}

/** An audit_events row as written (recordAudit, or the sign-in's single statement). */
export interface WrittenAuditEvent {
  id: bigint | string | number;
  at: Date;
  action: string;
  actorId?: string | null | undefined;
  target?: string | null | undefined;
  companyId?: string | null | undefined;
  clientId?: string | null | undefined;
  ip?: string | null | undefined;
  details?: Prisma.JsonValue | Prisma.InputJsonValue | undefined;
}

export function siemRecordOf(event: WrittenAuditEvent): SiemRecord {
  return {
    schema: SIEM_SCHEMA,
    id: String(event.id),
    time: event.at.toISOString(),
    action: event.action,
    outcome: outcomeOf(event.action),
    actor: event.actorId ?? null,
    target: event.target ?? null,
    company: event.companyId ?? null,
    client: event.clientId ?? null,
    ip: event.ip ?? null,
    details:
      event.details === undefined || event.details === null
        ? null
        : (redactedDetails(event.details) as Prisma.JsonValue),
  };
}
