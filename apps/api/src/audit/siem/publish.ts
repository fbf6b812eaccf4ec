import { afterCommit, owningClient } from '@portico/db';
import type { SiemSink } from './sinks.js';
import type { WrittenAuditEvent } from './record.js';
import { siemRecordOf } from './record.js';

/** Each database's sink (keyed by its Prisma client): the app attaches one when SIEM_LOG is on. */
const sinks = new WeakMap<object, SiemSink>();

export function attachSiemSink(client: object, sink: SiemSink): void {
  sinks.set(client, sink);
}

export function detachSiemSink(client: object): void {
  sinks.delete(client);
}

/**
 * Hands a written audit event to the SIEM sink of its database, once the transaction that wrote
 * it commits (an event rolled back is never emitted); at once when it was written by a statement
 * of its own. `db` is the client or the transaction the row was written through.
 */
export function publishAuditEvent(db: object, event: WrittenAuditEvent): void {
  const sink = sinks.get(owningClient(db));
  if (!sink) return;
  afterCommit(() => sink.write(siemRecordOf(event)));
}
