import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createUser,
  openTestSession,
} from '../../test/factories.js';
import { failSessionEndsOf } from '../sessions/failing-session-end.fixtures.js';
import { signInRequest } from './sign-in.fixtures.js';

/**
 * The wrong password that blocks an account ends its sessions in the block's own transaction:
 * the session check does not read the account's status (one query), so a block committed
 * without the end of its sessions would leave them usable by whoever holds them.
 */
describe('a block by wrong passwords and the sessions of the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  it('never leaves a blocked account with a live session when ending them fails', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, loginRetryLimit: 2 });
    const user = await createUser(t);
    const session = await openTestSession(t, user);
    const wrong = () =>
      signInRequest(t, { uname: user.username, pass: 'Wrong-pass1', client: client.id });
    expect((await wrong()).json()).toMatchObject({ Code: 'account_failed' });

    const restore = await failSessionEndsOf(t, user.id);
    try {
      await wrong();
    } finally {
      await restore();
    }

    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const live = await t.db.prisma.session.count({ where: { id: session.id, endedAt: null } });
    // Either the block did not happen, or it took the sessions with it.
    expect({ status: row.status, live }).not.toEqual({ status: 'blocked', live: 1 });
  });

  it('blocks and ends every session of the account when nothing fails', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, loginRetryLimit: 2 });
    const user = await createUser(t);
    const session = await openTestSession(t, user);
    const wrong = () =>
      signInRequest(t, { uname: user.username, pass: 'Wrong-pass1', client: client.id });
    await wrong();
    expect((await wrong()).json()).toMatchObject({ Code: 'account_blocked' });

    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.status).toBe('blocked');
    const ended = await t.db.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(ended).toMatchObject({ endReason: 'revoked' });
    expect(ended.endedAt).not.toBeNull();
  });
});
