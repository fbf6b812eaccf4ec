import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@portico/contracts';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

describe('OpenAPI and registered calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('publishes a document generated from the contracts of the registered calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/v1/health'].get.operationId).toBe('health.check');
    const vitals = doc.paths['/v1/vitals'].post;
    expect(vitals.requestBody.content['application/json'].schema.properties).toHaveProperty('name');
    expect(vitals.responses).toHaveProperty('200');
  });

  it('serves the documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('registers only calls of the contracts: no route exists that the contracts do not define', async () => {
    const known = new Set(allCalls.map((call) => `${call.method} ${call.path}`));
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    const served = Object.entries(
      res.json().paths as Record<string, Record<string, unknown>>,
    ).flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    expect(served.length).toBeGreaterThan(0);
    for (const route of served) expect(known).toContain(route);
  });
});
