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
import { readAuditPage } from './list-audit.js';

/** Rows read per query while streaming: memory stays flat whatever the export's size. */
const BATCH = 1000;

export type ExportFormat = 'csv' | 'jsonl';

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/**
 * How many events an export of the criteria holds; more than AUDIT_EXPORT_MAX is refused with
 * export_too_large before anything is sent, so a download is never silently cut short.
 */
export async function countForExport(
  db: Database,
  scope: AuditScope,
  criteria: AuditCriteria,
): Promise<number> {
  const rows = await db.prisma.$queryRaw<{ n: number }[]>(
    auditCountSql(scope, criteria, AUDIT_EXPORT_MAX),
  );
  const n = rows[0]?.n ?? 0;
  if (n > AUDIT_EXPORT_MAX) throw new ApiError('export_too_large');
  return n;
}

/** The export's text, read in keyset batches of the same query audit.list pages with. */
export function exportStream(
  db: Database,
  scope: AuditScope,
  criteria: AuditCriteria,
  format: ExportFormat,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    if (format === 'csv') yield `${CSV_HEADER.join(',')}\r\n`;
    let after: string | undefined;
    let sent = 0;
    do {
      // Bounded even when events recorded after the count push the filter past the limit.
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
    } while (after !== undefined);
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
