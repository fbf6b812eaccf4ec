import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@portico/contracts';

export const OPENAPI_UI_PATH = '/v1/docs';

/** The OpenAPI document is generated from the contracts' schemas of the registered calls. */
export const openapiPlugin = fp(async function openapi(
  app: FastifyInstance,
  opts: { version: string },
) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        description:
          'Every answer is `{ Code, Msg }`: Code "200" on success, otherwise a code of the catalogue, with the HTTP status of its class.',
        version: opts.version,
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: OPENAPI_UI_PATH, staticCSP: true });
});
