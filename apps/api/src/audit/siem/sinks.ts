import { createWriteStream, mkdirSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { createSocket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import path from 'node:path';
import type { SiemTarget } from '../../config.js';
import type { SiemRecord } from './record.js';
import { syslogMessage } from './syslog.js';

/**
 * Where SIEM records go (SIEM_LOG). Writing never throws and never waits: a SIEM that cannot
 * be reached must not fail or slow a sign-in. A failure is logged once (warn) until the sink
 * works again; the audit trail in PostgreSQL still has every event.
 */
export interface SiemSink {
  write(record: SiemRecord): void;
  /** Flushes what was written and releases the file or socket. */
  close(): Promise<void>;
}

/** Where a sink reports its failures: the app's logger (the break-glass CLI: stderr). */
export interface SinkLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** Logs the first failure of an outage, and the recovery. */
function outageReporter(log: SinkLog, target: string) {
  let failing = false;
  return {
    failed(error: Error) {
      if (failing) return;
      failing = true;
      log.warn({ target, reason: error.message }, 'SIEM events cannot be written');
    },
    worked() {
      if (!failing) return;
      failing = false;
      log.info({ target }, 'SIEM events are written again');
    },
  };
}

export function createSiemSink(
  target: SiemTarget | { kind: 'stderr' },
  log: SinkLog,
): SiemSink | undefined {
  switch (target.kind) {
    case 'off':
      return undefined;
    case 'stdout':
      return lineSink(process.stdout, false);
    case 'stderr':
      return lineSink(process.stderr, false);
    case 'file':
      return fileSink(target.path, log);
    case 'syslog':
      return syslogSink(target.host, target.port, log);
  }
}

function lineSink(stream: NodeJS.WritableStream, owned: boolean): SiemSink {
  return {
    write(record) {
      stream.write(`${JSON.stringify(record)}\n`);
    },
    close() {
      if (!owned) return Promise.resolve();
      return new Promise((resolve) => stream.end(resolve));
    },
  };
}

/** Appends (O_APPEND), so a log rotation by copy-and-truncate loses nothing. */
function fileSink(file: string, log: SinkLog): SiemSink {
  mkdirSync(path.dirname(file), { recursive: true });
  const stream: WriteStream = createWriteStream(file, { flags: 'a' });
  const report = outageReporter(log, `file:${file}`);
  stream.on('error', (error) => report.failed(error));
  return lineSink(stream, true);
}

function syslogSink(host: string, port: number, log: SinkLog): SiemSink {
  const socket = createSocket(isIPv6(host) ? 'udp6' : 'udp4');
  socket.unref();
  const report = outageReporter(log, `syslog:${host}:${port}`);
  socket.on('error', (error) => report.failed(error));
  let pending = 0;
  let drained: (() => void) | undefined;
  return {
    write(record) {
      pending += 1;
      socket.send(syslogMessage(record), port, host, (error) => {
        pending -= 1;
        if (error) report.failed(error);
        else report.worked();
        if (pending === 0) drained?.();
      });
    },
    async close() {
      // Datagrams handed to the socket are sent before it closes (at most a second's wait).
      if (pending > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, 1000).unref();
        });
      }
      socket.close();
    },
  };
}
