/**
 * Keys that would name a credential. Nothing records one (recordAudit's rule, checked by the
 * audit-trail tests); this is the second line, wherever an event leaves the database (audit.list,
 * the exports, the SIEM): such a value is never shown, exported or forwarded.
 */
const SECRET_KEY = /^(password|secret|token|otp|pin|code|hash)$/i;
export const REDACTED = '[redacted]';

/** A details value with every secret-named key's value, at any depth, replaced by REDACTED. */
export function redactedDetails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactedDetails);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) ? REDACTED : redactedDetails(inner),
    ]),
  );
}
