import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

describe('GET /v1/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Code: '200',
      Msg: { status: 'ok', database: 'up', version: expect.any(String) },
    });
  });

  it('answers 503 unavailable once the database is gone', async () => {
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ Code: 'unavailable', Msg: { database: 'down' } });
  });
});
