import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calls, codesOf, failureEnvelope } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { assertStorable } from '../http/storable-text.js';
import { sessionOf } from '../sessions/session-guard.js';
import { auditContext, recordAudit } from './record-audit.js';
import { criteriaOf } from './audit-criteria.js';
import { auditScopeOf } from './audit-scope.js';
import { exportStream, filterDetails, planExport, sendExport } from './export-audit.js';
import { auditExportRateLimit } from './export-rate-limit.js';
import { listAudit } from './list-audit.js';

/**
 * Routes: the audit trail (docs/audit.md). Both calls are company-admin; the handler narrows
 * the scope to the current company unless the caller is a platform administrator.
 *
 * audit.export is registered with app.route, not registerCall (like files.get): it answers the
 * file itself, streamed, not the `{ Code, Msg }` envelope. It keeps the contract's path, query
 * schema, guard, operationId, tag and summary; failures before the first byte still leave as the
 * envelope through the error handler. It is limited per account (export-rate-limit.ts).
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, calls.audit.list, async ({ query }, request) =>
    listAudit(app.db, auditScopeOf(sessionOf(request)), query),
  );

  const call = calls.audit.exportEvents;
  const guard = app.accessGuards[call.access];
  if (!guard) throw new Error(`${call.id}: no guard is registered for access "${call.access}"`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      operationId: call.id,
      tags: ['audit'],
      summary: call.summary,
      description: `Who may call: **${call.access}**. Answers a CSV (text/csv) or JSON lines (application/x-ndjson) attachment, streamed. Failure codes: ${codesOf(call).join(', ')}.`,
      querystring: call.query,
      response: { 200: call.answer, '4xx': failureEnvelope, '5xx': failureEnvelope },
    },
    preValidation: guard,
    // No automatic HEAD twin: it would run the whole export (Fastify drains the stream) and
    // record it, under a rate-limit counter of its own (@fastify/rate-limit keeps one per
    // method and URL), so HEAD doubled the exports an account may start.
    exposeHeadRoute: false,
    config: { rateLimit: auditExportRateLimit() },
    handler: async (request, reply) => {
      assertStorable({ query: request.query });
      const { format, ...filter } = request.query;
      const scope = auditScopeOf(sessionOf(request));
      const criteria = await criteriaOf(app.db, filter);
      const plan = await planExport(app.db, scope, criteria);
      // Reading the whole trail out is itself worth a line in it.
      await recordAudit(app.db.prisma, {
        ...auditContext(request),
        action: 'audit.export',
        details: { format, events: plan.events, filter: filterDetails(filter) },
      });
      sendExport(reply, exportStream(app.db, scope, criteria, plan, format), format);
      return reply;
    },
  });
}
