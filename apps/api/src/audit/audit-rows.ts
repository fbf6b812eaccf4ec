import type { AuditEvent } from '@portico/contracts';
import type { AuditRow } from './audit-query.js';

/**
 * Keys that would name a credential. Nothing records one (recordAudit's rule, checked by the
 * audit-trail tests); this is the second line: such a value is never shown or exported.
 */
const SECRET_KEY = /^(password|secret|token|otp|pin|code|hash)$/i;
export const REDACTED = '[redacted]';

function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) ? REDACTED : redacted(inner),
    ]),
  );
}

/** Details as an object: a non-object value (none is recorded today) is kept under `value`. */
function detailsOf(details: AuditRow['details']): Record<string, unknown> | null {
  if (details === null) return null;
  const safe = redacted(details);
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
