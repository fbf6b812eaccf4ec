import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls, encodeBase64 } from '@portico/contracts';
import { errorsPlugin } from '../plugins/errors.js';
import { ApiError } from './api-error.js';
import { registerCall } from './register-call.js';

/**
 * The mechanism every capability uses, on a bare Fastify with the real error handler: payloads
 * are validated by the contracts' schemas (base64 included), answers are wrapped in the
 * envelope, ApiErrors become their code and status, and nothing else leaks.
 */
describe('registerCall', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('accessGuards', {});
    await app.register(errorsPlugin);
  });
  afterEach(() => app.close());

  const signIn = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/v1/auth', payload });
  const valid = {
    uname: encodeBase64('amelia_ross'),
    pass: encodeBase64('Secret123'),
    client: 'portico-portal',
    redirect: '/',
    dcd: 'fingerprint-1',
  };

  it('hands the handler decoded base64 fields and wraps its answer', async () => {
    let seen: unknown;
    registerCall(app, calls.auth.signIn, async ({ body }) => {
      seen = body;
      throw new ApiError('account_failed', { retries_left: 2 });
    });
    const res = await signIn(valid);
    expect(seen).toMatchObject({ uname: 'amelia_ross', pass: 'Secret123' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Code: 'account_failed', Msg: { retries_left: 2 } });
  });

  it.each([
    ['bad base64', { ...valid, uname: 'not base64!' }, 'uname'],
    [
      'base64 of invalid UTF-8',
      { ...valid, pass: Buffer.from([0xff, 0xfe]).toString('base64') },
      'pass',
    ],
    ['a missing field', { ...valid, dcd: undefined }, 'dcd'],
    ['a wrong type', { ...valid, client: 42 }, 'client'],
  ])('refuses %s with incomplete_param before the handler runs', async (_, payload, field) => {
    let ran = false;
    registerCall(app, calls.auth.signIn, async () => {
      ran = true;
      throw new ApiError('server_error');
    });
    const res = await signIn(payload);
    expect(ran).toBe(false);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
    expect(Object.keys(res.json().Msg.fields)).toContain(field);
  });

  it('answers an unexpected failure as server_error without its message', async () => {
    registerCall(app, calls.health.check, async () => {
      throw new Error('relation "users" does not exist: SELECT * FROM users');
    });
    const res = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ Code: 'server_error', Msg: 'Server error' });
    expect(res.body).not.toContain('SELECT');
  });

  it('refuses an answer that breaks its contract instead of sending it', async () => {
    registerCall(
      app,
      calls.health.check,
      async () => ({ status: 'ok', database: 'up', version: 1 }) as never,
    );
    const res = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(500);
    expect(res.json().Code).toBe('server_error');
  });

  it('will not register a guarded call when its guard does not exist', () => {
    expect(() => registerCall(app, calls.auth.details, async () => ({}) as never)).toThrow(
      'auth.details: no guard is registered for access "session"',
    );
  });
});
