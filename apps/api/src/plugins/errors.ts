import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorCode } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { sendFailure } from '../http/envelope.js';
import { isDependencyOutage } from '../http/dependency-outage.js';

/**
 * Every failure leaves as `{ Code, Msg }` with the code's HTTP status. Validation failures name
 * the fields and their rule's message; anything unexpected is logged with its stack here and
 * answered as `server_error` with no detail, so no stack trace or SQL reaches a client. A
 * database out of reach is `unavailable` (503, Retry-After), not a defect.
 */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'incomplete_param',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'incomplete_param',
  FST_ERR_CTP_INVALID_JSON_BODY: 'incomplete_param',
  FST_ERR_VALIDATION: 'incomplete_param',
};

export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return sendFailure(reply, error.code, error.detail);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(payload)';
        fields[where] ??= issue.message ?? 'Invalid value';
      }
      return sendFailure(reply, 'incomplete_param', { fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'answer does not match its contract',
      );
      return sendFailure(reply, 'server_error', 'Server error');
    }
    const mapped = error.code ? FRAMEWORK_CODES[error.code] : undefined;
    if (mapped) return sendFailure(reply, mapped, error.message);
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return sendFailure(reply, 'incomplete_param', 'The payload is not valid JSON');
    }
    if (error.statusCode === 429) return sendFailure(reply, 'rate_limit_exceeded');
    if (isDependencyOutage(error)) {
      // Not a defect: an operator's alert (warn, no stack), and a 503 the client may retry.
      request.log.warn({ reason: error.message.split('\n').at(-1) }, 'database unavailable');
      return sendFailure(reply, 'unavailable');
    }
    // A client that hung up is no error of ours: nothing to answer, nothing to alert on.
    if (request.raw.aborted || request.raw.destroyed) {
      request.log.info('request aborted by the client');
      return reply;
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendFailure(reply, 'server_error', 'Server error');
  });
});
