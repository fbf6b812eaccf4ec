import { hostname } from 'node:os';
import type { SiemRecord } from './record.js';
import { isNotable } from './record.js';

/**
 * RFC 5424 syslog messages for audit events, sent over UDP (RFC 5426). Facility authpriv (10):
 * security events, kept apart from other logs by most collectors. Severity warning (4) for
 * refusals and defences (record.ts, NOTABLE), informational (6) for the rest. The MSGID is the
 * event's action; the MSG is the JSON record, as on stdout or in the file.
 */
const FACILITY_AUTHPRIV = 10;
const SEVERITY_WARNING = 4;
const SEVERITY_INFO = 6;

/** Larger datagrams risk fragmentation and collectors' limits: details are dropped instead. */
export const MAX_DATAGRAM_BYTES = 8192;

/** PRINTUSASCII without spaces, at most `max` characters, or the nil value `-`. */
function header(value: string, max: number): string {
  const clean = value.replace(/[^\x21-\x7e]/g, '').slice(0, max);
  return clean === '' ? '-' : clean;
}

const HOST = header(hostname(), 255);
const PROC_ID = header(String(process.pid), 128);

export function syslogMessage(record: SiemRecord): Buffer {
  const severity = isNotable(record.action) ? SEVERITY_WARNING : SEVERITY_INFO;
  const head = `<${FACILITY_AUTHPRIV * 8 + severity}>1 ${record.time} ${HOST} portico ${PROC_ID} ${header(record.action, 32)} - `;
  const message = Buffer.from(head + JSON.stringify(record));
  if (message.length <= MAX_DATAGRAM_BYTES) return message;
  return Buffer.from(head + JSON.stringify({ ...record, details: null, truncated: true }));
}
