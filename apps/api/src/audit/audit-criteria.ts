import type { AuditFilter } from '@portico/contracts';
import type { Database } from '../db.js';
import type { AuditCriteria } from './audit-query.js';
import { resolvePeople } from './resolve-people.js';

/**
 * The earliest moment a filter is passed on as: a day into year 1. The contract admits year 0000
 * (ISO 8601's 1 BC), which PostgreSQL's timestamptz refuses, as it does any moment that falls in
 * year 0 in the time zone the driver writes it in. No event is older, so a moment moved up to it
 * answers the same: from it, every event; before it, none.
 */
const EARLIEST = new Date('0001-01-02T00:00:00Z');

function momentOf(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const moment = new Date(value);
  return moment < EARLIEST ? EARLIEST : moment;
}

/** The contract's filter as the query reads it (times parsed, people resolved). */
export async function criteriaOf(db: Database, filter: AuditFilter): Promise<AuditCriteria> {
  return {
    from: momentOf(filter.from),
    to: momentOf(filter.to),
    actors: filter.actor === undefined ? undefined : await resolvePeople(db.prisma, filter.actor),
    targets:
      filter.target === undefined ? undefined : await resolvePeople(db.prisma, filter.target),
    action: filter.action,
    ip: filter.ip,
    client: filter.client,
  };
}
