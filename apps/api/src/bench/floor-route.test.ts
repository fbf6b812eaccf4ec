import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createUser, openTestSession } from '../../test/factories.js';

/** The bench's floors: there only when turned on; the session check's is one indexed read. */
describe('the bench floors', () => {
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

  it('signs in at the floor: one read, the hash, one write, the same answer whatever the password', async () => {
    const user = await createUser(on);
    const version = async () =>
      (
        await on.db.prisma.$queryRaw<{ version: string }[]>`
          SELECT xmin::text AS version FROM users WHERE id = ${user.id}`
      )[0]?.version;
    const floorSignIn = (uname: string, pass: string) =>
      on.app.inject({
        method: 'POST',
        url: '/v1/bench/sign-in-floor',
        payload: {
          uname: Buffer.from(uname).toString('base64'),
          pass: Buffer.from(pass).toString('base64'),
        },
      });
    const before = await version();
    const right = await floorSignIn(user.username, user.password);
    const afterRight = await version();
    const wrong = await floorSignIn(user.username, 'not-the-password');
    const unknown = await floorSignIn('nobody_here', user.password);
    for (const answer of [right, wrong, unknown]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ Code: '200', Msg: 'done' });
    }
    // The write made a new version of the account's row and changed none of its values.
    expect(afterRight).not.toBe(before);
    const row = await on.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.lastLoginAt).toBeNull();
    expect(row.failedLoginCount).toBe(0);
  });

  it('does not exist by default', async () => {
    for (const url of ['/v1/bench/floor', '/v1/bench/session-reads']) {
      const response = await off.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
    const floorSignIn = await off.app.inject({ method: 'POST', url: '/v1/bench/sign-in-floor' });
    expect(floorSignIn.statusCode).toBe(404);
  });
});
