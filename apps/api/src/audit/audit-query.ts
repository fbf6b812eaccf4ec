import { Prisma } from '@portico/db';
import type { AuditPosition } from './audit-cursor.js';
import type { AuditScope } from './audit-scope.js';

/** The filter as the query reads it: times parsed, actor and target resolved to their values. */
export interface AuditCriteria {
  from?: Date | undefined;
  to?: Date | undefined;
  actors?: string[] | undefined;
  targets?: string[] | undefined;
  action?: string | undefined;
  ip?: string | undefined;
  client?: string | undefined;
}

/** One audit event with its people and company, as the page query reads it. */
export interface AuditRow {
  id: string;
  at: Date;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  target: string | null;
  target_id: string | null;
  target_email: string | null;
  target_name: string | null;
  company_id: string | null;
  company_name: string | null;
  client_id: string | null;
  ip: string | null;
  details: Prisma.JsonValue | null;
}

function oneOf(column: Prisma.Sql, values: string[]): Prisma.Sql {
  // One value (the usual case) is an equality, which an index on (column, at, id) reads in
  // order; several would make PostgreSQL 15 collect and sort.
  return values.length === 1
    ? Prisma.sql`${column} = ${values[0]}`
    : Prisma.sql`${column} = ANY(${values}::text[])`;
}

/**
 * The conditions of a scope and a filter. Every one is an equality or a range on a column
 * that leads an index ending in (at, id) (prisma/schema.prisma), so PostgreSQL reads a page as
 * one ordered index range of the most selective condition and tests the others on the rows.
 */
export function auditConditions(scope: AuditScope, criteria: AuditCriteria): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (scope.companyId !== null) where.push(Prisma.sql`e.company_id = ${scope.companyId}`);
  if (criteria.from) where.push(Prisma.sql`e.at >= ${criteria.from}`);
  if (criteria.to) where.push(Prisma.sql`e.at < ${criteria.to}`);
  if (criteria.actors) where.push(oneOf(Prisma.sql`e.actor_id`, criteria.actors));
  if (criteria.targets) where.push(oneOf(Prisma.sql`e.target`, criteria.targets));
  if (criteria.action) where.push(Prisma.sql`e.action = ${criteria.action}`);
  if (criteria.ip) where.push(Prisma.sql`e.ip = ${criteria.ip}`);
  if (criteria.client) where.push(Prisma.sql`e.client_id = ${criteria.client}`);
  return where;
}

const whereOf = (conditions: Prisma.Sql[]) =>
  conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;

/**
 * One page, newest first, after `after` (a keyset, never OFFSET: a deep page costs what the
 * first does, and events recorded meanwhile land before the first page, not inside a later
 * one). The page is cut first and only its rows are joined to their people and company.
 */
export function auditPageSql(
  scope: AuditScope,
  criteria: AuditCriteria,
  after: AuditPosition | undefined,
  limit: number,
): Prisma.Sql {
  const conditions = auditConditions(scope, criteria);
  if (after) {
    conditions.push(Prisma.sql`(e.at, e.id) < (${after.at}::timestamptz, ${after.id}::bigint)`);
  }
  return Prisma.sql`
    SELECT p.id::text AS id, p.at, p.action, p.actor_id, a.email AS actor_email,
           a.display_name AS actor_name, p.target, t.id AS target_id, t.email AS target_email,
           t.display_name AS target_name, p.company_id, c.name AS company_name, p.client_id,
           p.ip, p.details
      FROM (SELECT e.* FROM audit_events e ${whereOf(conditions)}
             ORDER BY e.at DESC, e.id DESC LIMIT ${limit}) p
      LEFT JOIN users a ON a.id = p.actor_id
      LEFT JOIN users t ON t.id = p.target
      LEFT JOIN companies c ON c.id = p.company_id
     ORDER BY p.at DESC, p.id DESC`;
}

/** Whether more than `bound` events match (an export's limit), reading at most bound + 1. */
export function auditCountSql(scope: AuditScope, criteria: AuditCriteria, bound: number) {
  return Prisma.sql`
    SELECT count(*)::int AS n
      FROM (SELECT 1 FROM audit_events e ${whereOf(auditConditions(scope, criteria))}
             LIMIT ${bound + 1}) matched`;
}
