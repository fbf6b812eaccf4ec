import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access, CallDefinition } from '@portico/contracts';
import { codesOf, failureEnvelope, successEnvelope } from '@portico/contracts';
import { success } from './envelope.js';
import { SerializedAnswer } from './serialized-answer.js';
import { assertStorable } from './storable-text.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface CallInput<C extends CallDefinition> {
  body: Parsed<C['body']>;
  query: Parsed<C['query']>;
  params: Parsed<C['params']>;
}

export type CallHandler<C extends CallDefinition> = (
  input: CallInput<C>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<C['answer']> | SerializedAnswer>;

/**
 * How each access level is checked. Only levels with a guard can be registered: a call whose
 * guard does not exist yet fails at start-up instead of being served unguarded.
 */
export type AccessGuards = Partial<Record<Access, preValidationAsyncHookHandler>>;

declare module 'fastify' {
  interface FastifyInstance {
    accessGuards: AccessGuards;
  }
}

/**
 * Registers one call of the contracts: its payload, query and answer schemas validate the
 * request and the answer and feed the OpenAPI document; the handler returns the answer's `Msg`
 * (or throws an ApiError) and never builds an envelope itself.
 */
export interface CallOptions {
  /** Per-IP limit for this call (@fastify/rate-limit route options); off when absent. */
  rateLimit?: RateLimitOptions;
}

export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: CallOptions = {},
): void {
  const guard = call.access === 'public' ? undefined : app.accessGuards[call.access];
  if (call.access !== 'public' && !guard) {
    throw new Error(`${call.id}: no guard is registered for access "${call.access}"`);
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      operationId: call.id,
      tags: [call.id.split('.')[0] ?? 'other'],
      summary: call.summary,
      description: describeCall(call),
      ...(call.body ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.params ? { params: call.params } : {}),
      response: {
        200: successEnvelope(call.answer),
        '4xx': failureEnvelope,
        '5xx': failureEnvelope,
      },
    },
    // The guard runs before validation, so a caller who may not make the call learns nothing
    // about its payload rules.
    ...(guard ? { preValidation: guard } : {}),
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    handler: async (request, reply) => {
      const input = {
        body: request.body,
        query: request.query,
        params: request.params,
      } as CallInput<C>;
      // After the guard and the schemas (base64 decoded): text PostgreSQL cannot hold.
      assertStorable(input);
      const answer = await handler(input, request, reply);
      if (answer instanceof SerializedAnswer) {
        // Already serialised by this route's answer schema: returned as it is (a string payload
        // with a JSON type skips the serializer), which the typed answer does not model. Not
        // `return reply.send(...)`: an async handler returning the reply (a thenable) makes the
        // promise call its then(), which watches the response stream to its end, on every call.
        (reply as FastifyReply).type('application/json; charset=utf-8');
        return answer.json as unknown as ReturnType<typeof success>;
      }
      return success(answer);
    },
  });
}

function describeCall(call: CallDefinition): string {
  return `Who may call: **${call.access}**. Failure codes: ${codesOf(call).join(', ')}.`;
}
