import type { AuditEvent } from '@portico/contracts';
import type { AuditRow } from './audit-query.js';
import { redactedDetails } from './redact-details.js';

/** Details as an object: a non-object value (none is recorded today) is kept under `value`. */
function detailsOf(details: AuditRow['details']): Record<string, unknown> | null {
  if (details === null) return null;
  const safe = redactedDetails(details);
  return typeof safe === 'object' && safe !== null && !Array.isArray(safe)
    ? (safe as Record<string, unknown>)
    : { value: safe };
}

export function auditEventOf(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor:
      row.actor_id !== null && row.actor_email !== null
        ? { id: row.actor_id, email: row.actor_email, name: row.actor_name ?? '' }
        : null,
    target: row.target,
    target_user:
      row.target_id !== null && row.target_email !== null
        ? { id: row.target_id, email: row.target_email, name: row.target_name ?? '' }
        : null,
    company: row.company_id !== null ? { id: row.company_id, name: row.company_name ?? '' } : null,
    client: row.client_id,
    ip: row.ip,
    details: detailsOf(row.details),
  };
}
