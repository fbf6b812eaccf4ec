import type { AuditFilter } from '@portico/contracts';
import type { Database } from '../db.js';
import type { AuditCriteria } from './audit-query.js';
import { resolvePeople } from './resolve-people.js';

/** The contract's filter as the query reads it (times parsed, people resolved). */
export async function criteriaOf(db: Database, filter: AuditFilter): Promise<AuditCriteria> {
  return {
    from: filter.from === undefined ? undefined : new Date(filter.from),
    to: filter.to === undefined ? undefined : new Date(filter.to),
    actors: filter.actor === undefined ? undefined : await resolvePeople(db.prisma, filter.actor),
    targets:
      filter.target === undefined ? undefined : await resolvePeople(db.prisma, filter.target),
    action: filter.action,
    ip: filter.ip,
    client: filter.client,
  };
}
