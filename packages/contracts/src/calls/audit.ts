import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  AUDIT_EXPORT_FORMATS,
  AUDIT_EXPORT_MAX,
  AUDIT_PAGE_MAX,
  AUDIT_PAGE_SIZE,
} from '../constants.js';

/**
 * The audit trail (docs/audit.md): every security and administrative change Portico recorded.
 * Both calls are company-admin: a platform administrator (an administrator of the platform
 * company) reads every company's events; any other company owner or admin reads only the events
 * of the session's current company. The scope comes from the session, never from the payload.
 */

/**
 * A position in the newest-first order, as `audit.list` answered it in `next`. Opaque to
 * callers; it is the last row's time (epoch milliseconds) and id, so a page never shifts when
 * events are recorded meanwhile.
 */
export const AUDIT_CURSOR = /^(\d{1,15})-(\d{1,19})$/;
const BIGINT_MAX = 9_223_372_036_854_775_807n;

export function isAuditCursor(value: string): boolean {
  const match = AUDIT_CURSOR.exec(value);
  return match !== null && BigInt(match[2] ?? '0') <= BIGINT_MAX;
}

const moment = z.iso
  .datetime({ offset: true })
  .max(40)
  .describe('ISO 8601 date and time with its offset, e.g. 2026-11-24T09:00:00Z');
const term = (what: string) => z.string().trim().min(1).max(320).describe(what);

/** The filters both calls share; each is optional and they combine with AND. */
export const auditFilter = z.strictObject({
  from: moment.optional().describe('events at or after this time'),
  to: moment.optional().describe('events before this time'),
  actor: term('who acted: a user id, username or e-mail').optional(),
  target: term(
    'what was acted on: a user id, username or e-mail, or the target as recorded (an IP, `client:<id>`)',
  ).optional(),
  action: term('the event type, exactly, e.g. `user.roles.update`').optional(),
  ip: z.string().trim().min(1).max(45).optional().describe('the IP the change came from, exactly'),
  client: term('the client id the change came through').optional(),
});

export type AuditFilter = z.infer<typeof auditFilter>;

const pageSize = z
  .string()
  .max(3)
  .regex(/^\d+$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(AUDIT_PAGE_MAX))
  .describe(`events per page, 1 to ${AUDIT_PAGE_MAX} (default ${AUDIT_PAGE_SIZE})`);

const cursor = z
  .string()
  .max(40)
  .refine(isAuditCursor, { error: 'Not a cursor of this list.' })
  .describe('`next` of the previous page; absent for the first page');

/** An account as it is now (an erased account is gone: its events show no person). */
const person = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const auditEvent = z.object({
  id: z.string().describe('increasing with time; unique'),
  at: z.string().describe('ISO 8601, UTC, millisecond precision'),
  action: z.string(),
  actor: person.nullable().describe('null for events with no signed-in actor (failed sign-ins)'),
  target: z.string().nullable().describe('as recorded: a user id, `client:<id>`, an IP...'),
  target_user: person.nullable().describe('the account when the target is a user id'),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  client: z.string().nullable(),
  ip: z.string().nullable(),
  details: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('what the event recorded beyond the columns; never a secret'),
});

export type AuditEvent = z.infer<typeof auditEvent>;

export const list = defineCall({
  id: 'audit.list',
  method: 'GET',
  path: '/v1/audit',
  summary:
    'One page of audit events, newest first: every company for a platform administrator, the current company for its owner and admins',
  access: 'company-admin',
  pathChosen: true,
  query: auditFilter.extend({ cursor: cursor.optional(), limit: pageSize.optional() }),
  answer: z.object({
    events: z.array(auditEvent),
    next: z.string().nullable().describe('the cursor of the next page; null on the last one'),
  }),
  codes: [],
});

export const exportEvents = defineCall({
  id: 'audit.export',
  method: 'GET',
  path: '/v1/audit/export',
  summary: `Every audit event of the filter (at most ${AUDIT_EXPORT_MAX.toLocaleString('en')}), newest first, as a CSV or JSON lines download`,
  access: 'company-admin',
  pathChosen: true,
  query: auditFilter.extend({ format: z.enum(AUDIT_EXPORT_FORMATS) }),
  answer: z.string().meta({
    format: 'binary',
    description:
      'text/csv or application/x-ndjson, as an attachment, not { Code, Msg }: one event a row or line',
  }),
  codes: ['export_too_large', 'export_rate_limited'],
});
