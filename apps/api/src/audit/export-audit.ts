import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AuditFilter } from '@portico/contracts';
import { AUDIT_EXPORT_MAX } from '@portico/contracts';
import type { Database } from '../db.js';
import { ApiError } from '../http/api-error.js';
import type { AuditCriteria } from './audit-query.js';
import { auditCountSql } from './audit-query.js';
import { auditEventOf } from './audit-rows.js';
import type { AuditScope } from './audit-scope.js';
import { CSV_HEADER, csvLineOf, jsonLineOf } from './export-format.js';
import { encodeCursor } from './audit-cursor.js';
import { readAuditPage } from './list-audit.js';

/** Rows read per query while streaming: memory stays flat whatever the export's size. */
const BATCH = 1000;

export type ExportFormat = 'csv' | 'jsonl';

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** What an export holds, fixed before anything is recorded or sent. */
export interface ExportPlan {
  events: number;
  /** Just past the newest matching event: later events (the export's own) are left out. */
  start: string | undefined;
}

/**
 * Counts the events an export of the criteria holds (more than AUDIT_EXPORT_MAX is refused
 * with export_too_large before anything is sent, so a download is never silently cut short)
 * and fixes where it starts.
 */
export async function planExport(
  db: Database,
  scope: AuditScope,
  criteria: AuditCriteria,
): Promise<ExportPlan> {
  const rows = await db.prisma.$queryRaw<{ n: number }[]>(
    auditCountSql(scope, criteria, AUDIT_EXPORT_MAX),
  );
  const events = rows[0]?.n ?? 0;
  if (events > AUDIT_EXPORT_MAX) throw new ApiError('export_too_large');
  const newest = (await readAuditPage(db, scope, criteria, undefined, 1)).rows[0];
  const start = newest
    ? encodeCursor({ at: newest.at, id: (BigInt(newest.id) + 1n).toString() })
    : undefined;
  return { events, start };
}

/** The export's text, read in keyset batches of the same query audit.list pages with. */
export function exportStream(
  db: Database,
  scope: AuditScope,
  criteria: AuditCriteria,
  plan: ExportPlan,
  format: ExportFormat,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    if (format === 'csv') yield `${CSV_HEADER.join(',')}\r\n`;
    let after = plan.start;
    let sent = 0;
    while (after !== undefined) {
      // Bounded even when late events push the filter past the limit.
      const size = Math.min(BATCH, AUDIT_EXPORT_MAX - sent);
      if (size <= 0) return;
      const page = await readAuditPage(db, scope, criteria, after, size);
      sent += page.rows.length;
      let chunk = '';
      for (const row of page.rows) {
        const event = auditEventOf(row);
        chunk += format === 'csv' ? csvLineOf(event) : jsonLineOf(event);
      }
      if (chunk) yield chunk;
      after = page.next ?? undefined;
    }
  }
  return Readable.from(lines());
}

/** The filter as recorded in the export's own audit event (no empty fields). */
export function filterDetails(filter: AuditFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Sends the stream as a download named after the moment it was made. */
export function sendExport(reply: FastifyReply, stream: Readable, format: ExportFormat): void {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  reply
    .code(200)
    .header('Content-Type', EXPORT_TYPES[format])
    .header('Content-Disposition', `attachment; filename="portico-audit-${stamp}.${format}"`)
    .header('Cache-Control', 'no-store')
    .send(stream);
}
