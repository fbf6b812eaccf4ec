import type { FastifyReply } from 'fastify';
import type { ErrorCode, FailureEnvelope } from '@portico/contracts';
import { CODES, SUCCESS_CODE, statusOf } from '@portico/contracts';
import { OUTAGE_RETRY_AFTER_S } from './dependency-outage.js';

export function success<T>(msg: T): { Code: typeof SUCCESS_CODE; Msg: T } {
  return { Code: SUCCESS_CODE, Msg: msg };
}

/** Sends a failure with its code's HTTP status; `Msg` defaults to the code's catalogue text. */
export function sendFailure(
  reply: FastifyReply,
  code: ErrorCode,
  detail: string | Record<string, unknown> = CODES[code].text || code,
): FastifyReply {
  const answer: FailureEnvelope = { Code: code, Msg: detail };
  // An outage tells clients (and load balancers) when trying again makes sense.
  if (code === 'unavailable') reply.header('Retry-After', String(OUTAGE_RETRY_AFTER_S));
  return reply.code(statusOf(code)).type('application/json').send(answer);
}
