import type { AuditEvent, AuditFilter } from '@portico/contracts';
import { AUDIT_PAGE_SIZE } from '@portico/contracts';
import type { Database } from '../db.js';
import { decodeCursor, encodeCursor } from './audit-cursor.js';
import { criteriaOf } from './audit-criteria.js';
import type { AuditCriteria, AuditRow } from './audit-query.js';
import { auditPageSql } from './audit-query.js';
import { auditEventOf } from './audit-rows.js';
import type { AuditScope } from './audit-scope.js';

export interface AuditPage {
  events: AuditEvent[];
  next: string | null;
}

/**
 * One page of the rows a scope and criteria match, after a position. One row more than asked
 * is read to tell whether a next page exists, so the last page answers `next: null`.
 */
export async function readAuditPage(
  db: Database,
  scope: AuditScope,
  criteria: AuditCriteria,
  after: string | undefined,
  limit: number,
): Promise<{ rows: AuditRow[]; next: string | null }> {
  const rows = await db.prisma.$queryRaw<AuditRow[]>(
    auditPageSql(scope, criteria, after === undefined ? undefined : decodeCursor(after), limit + 1),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  };
}

/** audit.list: a page of the caller's scope, newest first. */
export async function listAudit(
  db: Database,
  scope: AuditScope,
  query: AuditFilter & { cursor?: string | undefined; limit?: number | undefined },
): Promise<AuditPage> {
  const criteria = await criteriaOf(db, query);
  const { rows, next } = await readAuditPage(
    db,
    scope,
    criteria,
    query.cursor,
    query.limit ?? AUDIT_PAGE_SIZE,
  );
  return { events: rows.map(auditEventOf), next };
}
