import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createClient,
  createUser,
  openTestSession,
} from '../../test/factories.js';
import { failSessionEndsOf } from '../sessions/failing-session-end.fixtures.js';

/**
 * A wrong password (or MPIN, or authenticator code) in a signed-in call that blocks the
 * account ends its sessions in the block's own transaction (account-checks.ts): the session
 * check does not read the account's status, so a block committed without the end of its
 * sessions would leave them usable.
 */
describe('a block by a signed-in wrong guess and the sessions of the account', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.17.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const wrongPassword = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/mfa/settings/update',
      headers: { cookie },
      payload: { enable_passkey: false, password: b64('Wrong1234') },
      remoteAddress: nextIp(),
    });

  it('never leaves a blocked account with a live session when ending them fails', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, loginRetryLimit: 2 });
    const user = await createUser(t);
    const session = await openTestSession(t, user, { clientId: client.id });
    expect((await wrongPassword(session.cookie)).json()).toMatchObject({
      Code: 'invalid_credentials',
    });

    const restore = await failSessionEndsOf(t, user.id);
    try {
      await wrongPassword(session.cookie);
    } finally {
      await restore();
    }

    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const live = await t.db.prisma.session.count({ where: { id: session.id, endedAt: null } });
    // Either the block did not happen, or it took the sessions with it.
    expect({ status: row.status, live }).not.toEqual({ status: 'blocked', live: 1 });
  });
});
