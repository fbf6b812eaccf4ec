import { AUDIT_CURSOR } from '@portico/contracts';

/** A position in the newest-first order: the last row's time and id. */
export interface AuditPosition {
  at: Date;
  id: string;
}

/** The contract's opaque `next`: epoch milliseconds and id (audit_events.at has ms precision). */
export function encodeCursor(position: AuditPosition): string {
  return `${position.at.getTime()}-${position.id}`;
}

/** Only called on a value the contract's schema accepted (isAuditCursor). */
export function decodeCursor(cursor: string): AuditPosition {
  const match = AUDIT_CURSOR.exec(cursor);
  if (!match) throw new Error('decodeCursor: not a cursor');
  return { at: new Date(Number(match[1])), id: match[2] ?? '0' };
}
