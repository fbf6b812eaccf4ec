import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { allCalls } from '@portico/contracts';
import { ApiError } from '../src/http/api-error.js';
import { registerCall } from '../src/http/register-call.js';

/**
 * Every call of the contracts, not only those served today, must turn into an OpenAPI
 * operation: a schema the generator cannot read would otherwise surface only when its
 * capability is built. The app here is a throwaway that refuses every call.
 */
describe('OpenAPI from every contract call', () => {
  it('documents each call with its payload and answer', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const refuse = async () => {
      throw new ApiError('forbidden');
    };
    app.decorate('accessGuards', {
      session: refuse,
      'expired-session': refuse,
      'company-admin': refuse,
      'platform-admin': refuse,
      client: refuse,
    });
    await app.register(swagger, {
      openapi: { info: { title: 't', version: '0' } },
      transform: jsonSchemaTransform,
    });
    for (const call of allCalls) registerCall(app, call, refuse);
    await app.ready();

    const doc = app.swagger() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operations = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(operations.sort()).toEqual(allCalls.map((call) => call.id).sort());
    await app.close();
  });
});
