import type { FastifyReply } from 'fastify';
import type { ErrorCode, FailureEnvelope } from '@portico/contracts';
import { CODES, SUCCESS_CODE, statusOf } from '@portico/contracts';

export function success<T>(msg: T): { Code: typeof SUCCESS_CODE; Msg: T } {
  return { Code: SUCCESS_CODE, Msg: msg };
}

export function failure(
  code: ErrorCode,
  detail: string | Record<string, unknown> = CODES[code].text || code,
): FailureEnvelope {
  return { Code: code, Msg: detail };
}

export function sendFailure(
  reply: FastifyReply,
  code: ErrorCode,
  detail?: string | Record<string, unknown>,
): FastifyReply {
  return reply.code(statusOf(code)).type('application/json').send(failure(code, detail));
}
