/**
 * Whether an error means a dependency the API needs (PostgreSQL, or Redis for the rate limiter
 * when it fails closed) is out of reach, rather than a
 * defect: such a failure answers 503 `unavailable` with Retry-After for every call, so clients
 * and load balancers retry instead of reporting a bug (docs/security.md, "Outages").
 *
 * The error is recognised wherever it sits in the chain of causes the Prisma client, its pg
 * adapter and the pool build: a refused or dropped connection, a pool that cannot connect in
 * time, a server shutting down or refusing connections.
 */

/** Seconds a client is told to wait before trying again. */
export const OUTAGE_RETRY_AFTER_S = 5;

/** Socket errors of Node: the server is not there or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Prisma's codes for an unreachable server, a lost connection and an exhausted pool. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

/** Kinds of the driver adapter's errors that mean the same. */
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);

/** pg's and ioredis's own messages, which carry no code. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  "Can't reach database server",
  'Client has encountered a connection error',
  'Connection is closed.',
  "Stream isn't writeable",
];

/** ioredis gives up on a command after its retries with this error, which has no code. */
const ERROR_NAMES = new Set(['MaxRetriesPerRequestError']);

function isOutageLink(link: Record<string, unknown>): boolean {
  const code = typeof link.code === 'string' ? link.code : undefined;
  if (code) {
    if (NETWORK_CODES.has(code) || PRISMA_CODES.has(code)) return true;
    // SQLSTATE classes 08 (connection exception), 57P01-57P03 (shutting down, cannot connect
    // now) and 53300 (too many connections).
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
  }
  if (typeof link.kind === 'string' && ADAPTER_KINDS.has(link.kind)) return true;
  if (typeof link.name === 'string' && ERROR_NAMES.has(link.name)) return true;
  const message = typeof link.message === 'string' ? link.message : '';
  return PG_MESSAGES.some((text) => message.includes(text));
}

export function isDependencyOutage(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const link = queue.shift();
    if (link === null || typeof link !== 'object' || seen.has(link)) continue;
    seen.add(link);
    const fields = link as Record<string, unknown>;
    if (isOutageLink(fields)) return true;
    queue.push(fields.cause);
    // Prisma keeps the adapter's error in meta.driverAdapterError; AggregateError in errors.
    const meta = fields.meta as Record<string, unknown> | undefined;
    if (meta && typeof meta === 'object') queue.push(meta.driverAdapterError, meta.cause);
    if (Array.isArray(fields.errors)) queue.push(...(fields.errors as unknown[]));
  }
  return false;
}
