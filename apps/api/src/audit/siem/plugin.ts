import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { attachSiemSink, detachSiemSink } from './publish.js';
import { createSiemSink } from './sinks.js';

/**
 * Every audit event also as a JSON line for a SIEM (SIEM_LOG: stdout, a file, syslog over UDP;
 * docs/operations.md, "Security events"): the sink is attached to this app's database, so
 * recordAudit finds it from any transaction, and released when the app closes.
 */
export const siemPlugin = fp(async function siem(app: FastifyInstance) {
  const sink = createSiemSink(app.config.SIEM_LOG, app.log);
  if (!sink) return;
  const client = app.db.prisma;
  attachSiemSink(client, sink);
  app.addHook('onClose', async () => {
    detachSiemSink(client);
    await sink.close();
  });
});
