import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import { Browser, b64 } from '../stack/browser.js';
import { sleep } from '../stack/ports.js';
import type { SeededUser } from '../stack/seed.js';
import { seedClientApp, seedUsers } from '../stack/seed.js';
import { clientIp, startStack } from '../stack/stack.js';
import type { Stack } from '../stack/stack.js';

/**
 * A replica killed (SIGKILL: no graceful close) while sign-ins keep arriving through HAProxy.
 * Only requests in flight on it may fail; every sign-in that was answered 200 has its session
 * and its audit event; HAProxy takes the replica out and the others carry on.
 */
let stack: Stack;
let users: SeededUser[];
const DEVICE = 'failover-device';
/** Sign-ins in flight at any moment (two per core, as the bench's load). */
const CONCURRENCY = 4;
/** Answered sign-ins before the kill, and after the balancer marked the replica down. */
const BEFORE_KILL = 30;
const AFTER_DOWN = 40;
const VICTIM = 'r2';

beforeAll(async () => {
  stack = await startStack();
  await seedClientApp(stack.sql);
  users = await seedUsers(stack.sql, 'failover', 20, DEVICE);
});
afterAll(() => stack?.stop());

interface Outcome {
  user: SeededUser;
  startedAt: number;
  endedAt: number;
  /** The envelope's Code, or the HTTP status when HAProxy answered (502) or the call threw. */
  code: string;
  replica: string;
  /** Set when no answer came: the x-request-id to look up in HAProxy's log. */
  requestId?: string;
  cookie: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function signIn(user: SeededUser): Promise<Outcome> {
  // A client address of its own per sign-in: the per-IP limit is not what this test is about.
  const browser = new Browser(stack.url, stack.publicUrl, clientIp());
  const startedAt = performance.now();
  try {
    const answer = await browser.post('sign in', '/v1/auth', {
      uname: b64(user.username),
      pass: b64(user.password),
      client: PORTAL_CLIENT_ID,
      redirect: '/',
      dcd: DEVICE,
    });
    return {
      user,
      startedAt,
      endedAt: performance.now(),
      code: answer.Code === 'undefined' ? `HTTP ${answer.status}` : answer.Code,
      replica: answer.replica,
      cookie: browser.cookie,
    };
  } catch (error) {
    // HAProxy's 502 page is not JSON (Browser throws, naming the replica of the answer).
    const cause = error instanceof Error ? (error.cause as Error | undefined) : undefined;
    const code = `${String(error)}${cause ? ` (${cause.message})` : ''}`;
    const replica = /HTTP \d+ from (\S+) without JSON/.exec(code)?.[1] ?? '';
    // Without an answer at all, HAProxy's log names the replica (read at the end).
    const requestId = browser.lastRequestId;
    return { user, startedAt, endedAt: performance.now(), code, replica, requestId, cookie: '' };
  }
}

describe('a replica killed under a load of sign-ins', () => {
  it('fails only the requests in flight on it and loses no sign-in', async () => {
    const outcomes: Outcome[] = [];
    let stop = false;
    let next = 0;
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (!stop) outcomes.push(await signIn(users[next++ % users.length]!));
    });
    const answered = async (count: number) => {
      const target = outcomes.length + count;
      while (outcomes.length < target) await sleep(20);
    };

    await answered(BEFORE_KILL);
    const victim = stack.replicas.find((replica) => replica.name === VICTIM)!;
    const killedAt = performance.now();
    victim.process.kill('SIGKILL');
    await victim.exited;
    // The signal takes a moment to land: a request may still reach the replica until it died.
    const diedAt = performance.now();
    // The balancer's health checks take it out (two failed checks, 250 ms apart).
    for (;;) {
      const status = await stack.haproxy.serverStatus();
      if (status[VICTIM] === 'DOWN') break;
      await sleep(50);
    }
    await answered(AFTER_DOWN);
    stop = true;
    await Promise.all(workers);

    const failed = outcomes.filter((o) => o.code !== '200');
    await sleep(500);
    for (const outcome of failed) {
      if (!outcome.replica && outcome.requestId)
        outcome.replica = stack.haproxy.serverOf(outcome.requestId) ?? '';
    }
    const succeeded = outcomes.filter((o) => o.code === '200');
    console.info(
      `[replicas] ${outcomes.length} sign-ins, ${failed.length} cut on ${VICTIM} by the kill: ` +
        JSON.stringify(failed.map((o) => ({ code: o.code.slice(0, 60), replica: o.replica }))),
    );
    // Only requests in flight on the killed replica when it died: sent before it was gone,
    // answered after the kill, by HAProxy naming that replica. At most one per concurrent
    // sign-in.
    for (const outcome of failed) {
      expect(outcome.replica, outcome.code).toBe(VICTIM);
      expect(outcome.startedAt).toBeLessThan(diedAt);
      expect(outcome.endedAt).toBeGreaterThan(killedAt);
    }
    expect(failed.length).toBeLessThanOrEqual(CONCURRENCY);
    // The other replicas carried the load on; the dead one answered nothing after its death.
    const afterKill = succeeded.filter((o) => o.startedAt > diedAt);
    expect(afterKill.length).toBeGreaterThanOrEqual(AFTER_DOWN - CONCURRENCY);
    expect(new Set(afterKill.map((o) => o.replica))).toEqual(new Set(['r1', 'r3']));
    expect(new Set(succeeded.filter((o) => o.endedAt < killedAt).map((o) => o.replica))).toEqual(
      new Set(['r1', 'r2', 'r3']),
    );

    // No data lost: every answered sign-in's session is stored, with its user...
    const tokens = succeeded.map((o) => sha256(o.cookie.split('=')[1] ?? ''));
    const { rows: sessions } = await stack.sql.query<{ token_hash: string; user_id: string }>(
      `SELECT token_hash, user_id FROM sessions WHERE user_id = ANY($1)`,
      [users.map((u) => u.id)],
    );
    const byToken = new Map(sessions.map((row) => [row.token_hash, row.user_id]));
    succeeded.forEach((outcome, i) => expect(byToken.get(tokens[i]!)).toBe(outcome.user.id));
    // ...and every stored session (a cut request's may have committed) has its audit event,
    // written in the same transaction.
    expect(sessions.length).toBeGreaterThanOrEqual(succeeded.length);
    expect(sessions.length).toBeLessThanOrEqual(outcomes.length);
    const {
      rows: [audit],
    } = await stack.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM audit_events
        WHERE action = 'auth.sign_in' AND actor_id = ANY($1)`,
      [users.map((u) => u.id)],
    );
    expect(audit!.count).toBe(sessions.length);

    // The survivors keep serving whatever arrives.
    for (let i = 0; i < 4; i += 1) {
      const health = await fetch(`${stack.url}/v1/health`);
      expect(health.status).toBe(200);
    }
  });
});
