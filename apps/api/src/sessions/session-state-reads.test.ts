import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@portico/db';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { TestSession } from '../../test/factories.js';
import { bootstrapPlatform, createUser, openTestSession } from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';
import { readSessionState, sessionStateReadCounts } from './session-state-reads.js';

/** `db` with every statement it runs named in `names` (its own reader: readers go by database). */
function watched(db: Database, names: string[]): Database {
  return {
    ...db,
    query<T>(name: string, text: string, values?: readonly unknown[]) {
      names.push(name);
      return db.query<T>(name, text, values);
    },
  };
}

/** Index 3 of a state: when the session ended (null: live). */
const ENDED = 3;

describe('session state reads', () => {
  let t: TestApp;
  let first: TestSession;
  let second: TestSession;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    first = await openTestSession(t, await createUser(t));
    second = await openTestSession(t, await createUser(t));
  });
  afterAll(() => t.close());

  it('answers the reads asked in one turn with one statement, each with its own session', async () => {
    const names: string[] = [];
    const db = watched(t.db, names);
    const [a, b, none, aAgain] = await Promise.all([
      readSessionState(db, sha256(first.token)),
      readSessionState(db, sha256(second.token)),
      readSessionState(db, sha256('no such token')),
      readSessionState(db, sha256(first.token)),
    ]);

    expect(names).toEqual(['portico_session_states']);
    expect(sessionStateReadCounts(db)).toEqual({ reads: 4, statements: 1 });
    const rows = await t.db.prisma.session.findMany({
      where: { id: { in: [first.id, second.id] } },
    });
    const expires = (id: string) => rows.find((row) => row.id === id)?.expiresAt.getTime();
    expect(a?.[1]).toBe(expires(first.id));
    expect(b?.[1]).toBe(expires(second.id));
    expect(a?.[1]).not.toBe(b?.[1]);
    expect(aAgain).toEqual(a);
    expect(none).toBeUndefined();
    expect(a?.[ENDED]).toBeNull();
  });

  it('answers reads asked in later turns with statements of their own', async () => {
    const names: string[] = [];
    const db = watched(t.db, names);
    await readSessionState(db, sha256(first.token));
    await readSessionState(db, sha256(second.token));
    expect(names).toEqual(['portico_session_states', 'portico_session_states']);
  });

  it('sees a change committed before the read was asked for (a session ended elsewhere)', async () => {
    const session = await openTestSession(t, await createUser(t));
    const hash = sha256(session.token);
    expect((await readSessionState(t.db, hash))?.[ENDED]).toBeNull();
    await t.db.prisma.session.update({
      where: { id: session.id },
      data: { endedAt: new Date(), endReason: 'signed_out' },
    });
    const [ended, other] = await Promise.all([
      readSessionState(t.db, hash),
      readSessionState(t.db, sha256(first.token)),
    ]);
    expect(ended?.[ENDED]).toEqual(expect.any(Number));
    expect(other?.[ENDED]).toBeNull();
  });

  it('fails every read of a statement that fails, and the next turn reads again', async () => {
    let fail = true;
    const failing: Database = {
      ...t.db,
      query<T>(name: string, text: string, values?: readonly unknown[]) {
        if (fail) return Promise.reject(new Error('the database is out'));
        return t.db.query<T>(name, text, values);
      },
    };
    const reads = await Promise.allSettled([
      readSessionState(failing, sha256(first.token)),
      readSessionState(failing, sha256(second.token)),
    ]);
    expect(reads.map((read) => read.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await readSessionState(failing, sha256(first.token))).toBeDefined();
  });

  it('reads inside an open transaction alone, in that transaction', async () => {
    const session = await openTestSession(t, await createUser(t));
    const names: string[] = [];
    const db = watched(t.db, names);
    const seenInside = await t.db.prisma.$transaction(async (tx) => {
      await tx.session.update({
        where: { id: session.id },
        data: { endedAt: new Date(), endReason: 'signed_out' },
      });
      return readSessionState(db, sha256(session.token));
    });
    // The transaction's own uncommitted change: the read ran in it, not beside it.
    expect(seenInside?.[ENDED]).toEqual(expect.any(Number));
    expect(sessionStateReadCounts(db)).toEqual({ reads: 0, statements: 0 });
    expect(names).toEqual(['portico_session_states']);
  });

  it('reads inside an open SQL transaction (Database.transaction) alone, in it', async () => {
    const session = await openTestSession(t, await createUser(t));
    const names: string[] = [];
    const db = watched(t.db, names);
    const seenInside = await t.db.transaction(async () => {
      await t.db.query(
        'end_session_for_test',
        `UPDATE sessions SET ended_at = now(), end_reason = 'signed_out' WHERE id = $1`,
        [session.id],
      );
      return readSessionState(db, sha256(session.token));
    });
    expect(seenInside?.[ENDED]).toEqual(expect.any(Number));
    expect(sessionStateReadCounts(db)).toEqual({ reads: 0, statements: 0 });
    expect(names).toEqual(['portico_session_states']);
  });

  it('splits a burst of more reads than one statement takes', async () => {
    const names: string[] = [];
    const db = watched(t.db, names);
    const hashes = Array.from({ length: 1001 }, (_, i) => sha256(`absent-${i}`));
    hashes[1000] = sha256(first.token);
    const states = await Promise.all(hashes.map((hash) => readSessionState(db, hash)));
    expect(names).toHaveLength(3);
    expect(states.slice(0, 1000).every((state) => state === undefined)).toBe(true);
    expect(states[1000]?.[ENDED]).toBeNull();
  });

  it('answers session checks that arrive together from one statement, a revoked one refused', async () => {
    const kept = await openTestSession(t, await createUser(t));
    const revoked = await openTestSession(t, await createUser(t));
    const details = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/v1/auth/details', headers: { cookie } });
    // First calls: each session's profile is read in full and kept.
    expect((await details(kept.cookie)).json().Code).toBe('200');
    expect((await details(revoked.cookie)).json().Code).toBe('200');
    await t.db.prisma.session.update({
      where: { id: revoked.id },
      data: { endedAt: new Date(), endReason: 'signed_out' },
    });

    const before = sessionStateReadCounts(t.db);
    const answers = await Promise.all([details(kept.cookie), details(revoked.cookie)]);
    const after = sessionStateReadCounts(t.db);

    expect(answers.map((answer) => answer.json().Code)).toEqual(['200', 'session_invalid']);
    expect(after.reads - before.reads).toBe(2);
    expect(after.statements - before.statements).toBe(1);
  });
});
