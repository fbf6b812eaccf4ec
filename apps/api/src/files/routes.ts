import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codesOf, failureEnvelope, files } from '@portico/contracts';
import { serveImage } from './serve-image.js';

/**
 * Routes: stored images.
 *
 * files.get is registered here with app.route, not registerCall: registerCall wraps whatever
 * the handler returns in the `{ Code, Msg }` envelope and validates it against the answer
 * schema, while this call answers the image bytes themselves (the contract says so). The route
 * keeps the contract's path, params schema, operationId, tag and summary, so validation and
 * the OpenAPI document are the same as for every other call; failures still leave as the
 * envelope through the error handler.
 */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  const call = files.get;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      operationId: call.id,
      tags: ['files'],
      summary: call.summary,
      description: `Who may call: **${call.access}**. Answers the image bytes with their content type, an ETag (304 on If-None-Match) and a one-year immutable Cache-Control. Failure codes: ${codesOf(call).join(', ')}.`,
      params: call.params,
      response: {
        200: call.answer,
        '4xx': failureEnvelope,
        '5xx': failureEnvelope,
      },
    },
    // A malformed id (too long, empty) is just an id that names no image: not_found, like an
    // unknown one, instead of incomplete_param.
    attachValidation: true,
    handler: async (request, reply) => {
      await serveImage(app.db, request.validationError ? '' : request.params.id, request, reply);
    },
  });
}
