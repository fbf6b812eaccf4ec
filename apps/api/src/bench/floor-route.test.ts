import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createUser, openTestSession } from '../../test/factories.js';

/** The bench's one-round-trip floor: there only when turned on, and one indexed read. */
describe('GET /v1/bench/floor', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await startTestApp({ BENCH_FLOOR_ROUTE: 'true' });
    off = await startTestApp();
    await bootstrapPlatform(on);
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it("finds the cookie's session with one statement when turned on", async () => {
    const user = await createUser(on);
    const session = await openTestSession(on, user);
    const found = await on.app.inject({
      method: 'GET',
      url: '/v1/bench/floor',
      headers: { cookie: session.cookie },
    });
    expect(found.json()).toEqual({ Code: '200', Msg: 'found' });
    const none = await on.app.inject({ method: 'GET', url: '/v1/bench/floor' });
    expect(none.json()).toEqual({ Code: '200', Msg: 'none' });
  });

  it('counts the session reads of the guards and their statements', async () => {
    const session = await openTestSession(on, await createUser(on));
    const counts = async () =>
      (await on.app.inject({ method: 'GET', url: '/v1/bench/session-reads' })).json();
    const details = () =>
      on.app.inject({
        method: 'GET',
        url: '/v1/auth/details',
        headers: { cookie: session.cookie },
      });
    // The first check reads the session in full; the next three share one statement.
    await details();
    const before = await counts();
    await Promise.all([details(), details(), details()]);
    const after = await counts();
    expect(after.reads - before.reads).toBe(3);
    expect(after.statements - before.statements).toBe(1);
  });

  it('does not exist by default', async () => {
    for (const url of ['/v1/bench/floor', '/v1/bench/session-reads']) {
      const response = await off.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });
});
