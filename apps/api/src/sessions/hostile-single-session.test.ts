import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createUser } from '../../test/factories.js';
import { knownDevice } from '../auth/sign-in.fixtures.js';
import { LOCK_USER_FOR_SESSIONS, startSessionStatement } from './start-session.js';

/**
 * allow_multiple_sessions=false: a sign-in ends the person's other live sessions on the client
 * (DESIGN.md, "Session"). Sign-ins that arrive together, from several devices, must not leave
 * several live sessions behind. Eight password sign-ins sent together through /v1/auth left two
 * live sessions in two runs of five; the case below makes the overlap happen every time.
 */
describe('a single-session client under simultaneous sign-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    await t.db.prisma.client.update({
      where: { id: PORTAL_CLIENT_ID },
      data: { allowMultipleSessions: false },
    });
  });
  afterAll(() => t.close());

  const liveSessions = (userId: string) =>
    t.db.prisma.session.count({ where: { userId, clientId: PORTAL_CLIENT_ID, endedAt: null } });

  /**
   * Two session statements run as auth/signed-in-session.ts runs them for a single-session
   * client (in a transaction, the user's row locked first when lockUserFirst says so), while
   * another transaction holds the user's row, as a slow writer or the other sign-in would.
   * Without the lock first, each statement took its snapshot before the other committed, so
   * neither's UPDATE of the others saw the other's new session: both stayed live.
   */
  it('statements that overlap in the database: one live session', async () => {
    if (!t.url) throw new Error('needs PostgreSQL (TEST_DATABASE_URL)');
    const user = await createUser(t);
    const devices = [
      await knownDevice(t, user.id, 'race-a'),
      await knownDevice(t, user.id, 'race-b'),
    ];
    const client = await t.db.prisma.client.findUniqueOrThrow({ where: { id: PORTAL_CLIENT_ID } });
    // Connections of their own, opened first: the statements are sent at once.
    const [holder, ...signIns] = [0, 1, 2].map(() => new pg.Client({ connectionString: t.url }));
    await Promise.all([holder, ...signIns].map((connection) => connection?.connect()));
    try {
      await holder?.query('BEGIN');
      await holder?.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      const started = devices.map(async (device, i) => {
        const statement = startSessionStatement({
          userId: user.id,
          client,
          deviceId: device.id,
          ip: '10.9.9.9',
          userAgent: undefined,
          needsConfirmation: false,
          method: 'autologin',
        });
        expect(statement.lockUserFirst).toBe(true);
        const values = statement.values.map((value) =>
          value instanceof Date ? value.toISOString() : value,
        );
        const connection = signIns[i];
        await connection?.query('BEGIN');
        if (statement.lockUserFirst) await connection?.query(LOCK_USER_FOR_SESSIONS, [user.id]);
        await connection?.query(statement.text, values);
        await connection?.query('COMMIT');
      });
      // Both are waiting for the user's row.
      for (let waiting = 0; waiting < 2;) {
        const found = await holder?.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        waiting = Number(found?.rows[0]?.n ?? 0);
        if (waiting < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await holder?.query('COMMIT');
      await Promise.all(started);
    } finally {
      await Promise.all([holder, ...signIns].map((connection) => connection?.end()));
    }
    expect(await liveSessions(user.id)).toBe(1);
  });
});
