import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

const validVital = { name: 'LCP', value: 1234.5, id: 'v1-123' };

describe('the { Code, Msg } envelope and bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown API path with not_found', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/users/nothing-here', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      Code: 'not_found',
      Msg: 'POST /v1/users/nothing-here does not exist',
    });
  });

  it('accepts a valid payload', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/vitals', payload: validVital });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Code: '200', Msg: 'OK' });
  });

  it.each([
    ['a missing field', { name: 'LCP', id: 'v1' }, 'value'],
    ['a wrong type', { ...validVital, value: 'fast' }, 'value'],
    ['an unknown value', { ...validVital, name: 'XYZ' }, 'name'],
    ['an over-long string', { ...validVital, id: 'x'.repeat(5000) }, 'id'],
    ['an unknown extra field', { ...validVital, admin: true }, '(payload)'],
  ])('refuses %s with incomplete_param naming the field', async (_, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/vitals', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.Code).toBe('incomplete_param');
    expect(Object.keys(body.Msg.fields)).toContain(field);
  });

  it('refuses malformed JSON with incomplete_param', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/vitals',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "LCP",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
  });

  it('refuses a payload that is not JSON with unsupported_media_type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/vitals',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=LCP',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().Code).toBe('unsupported_media_type');
  });

  it('refuses a payload over the size limit with payload_too_large', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/vitals',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...validVital, id: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().Code).toBe('payload_too_large');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
