import type { AuditEvent } from '@portico/contracts';
import { csvRow } from './csv.js';

export const CSV_HEADER = [
  'id',
  'time',
  'action',
  'actor_id',
  'actor_email',
  'actor_name',
  'target',
  'target_email',
  'company_id',
  'company_name',
  'client',
  'ip',
  'details',
] as const;

/** One event as a CSV row of CSV_HEADER's columns; details as compact JSON in one field. */
export function csvLineOf(event: AuditEvent): string {
  return csvRow([
    event.id,
    event.at,
    event.action,
    event.actor?.id,
    event.actor?.email,
    event.actor?.name,
    event.target,
    event.target_user?.email,
    event.company?.id,
    event.company?.name,
    event.client,
    event.ip,
    event.details === null ? '' : JSON.stringify(event.details),
  ]);
}

/** One event as a JSON line: the same object audit.list answers. */
export function jsonLineOf(event: AuditEvent): string {
  return `${JSON.stringify(event)}\n`;
}
