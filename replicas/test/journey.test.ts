import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID, PORTAL_CLIENT_ID } from '@portico/contracts';
// The software passkey of the API's own tests (an independent WebAuthn implementation).
import { SoftwareAuthenticator } from '../../apps/api/src/mfa/test-authenticator.js';
import { Browser, b64 } from '../stack/browser.js';
import type { Trail } from '../stack/browser.js';
import { REPLICA_HEADER } from '../stack/haproxy.js';
import type { SeededUser } from '../stack/seed.js';
import {
  CLIENT_APP,
  CLIENT_REDIRECT,
  CLIENT_SECRET,
  seedClientApp,
  seedUsers,
} from '../stack/seed.js';
import { ADMIN, REPLICA_NAMES, clientIp, startStack } from '../stack/stack.js';
import type { Stack } from '../stack/stack.js';
import { expectSpread, signInWithDeviceCode } from './journey-steps.js';

/**
 * The sign-in journey through HAProxy (round robin, no stickiness) in front of three replicas:
 * every step lands on another replica than the step before, so whatever a step leaves for the
 * next (a device code, a passkey challenge, a session, an exchange code, a rate-limit count, a
 * ban, the whitelist) must be shared, in PostgreSQL or Redis, not kept in one process.
 */
let stack: Stack;
let user: SeededUser;
const PIN = '258036';

beforeAll(async () => {
  stack = await startStack();
  await seedClientApp(stack.sql);
  user = (await seedUsers(stack.sql, 'journey', 1))[0]!;
});
afterAll(() => stack?.stop());

const browser = (trail: Trail = [], ip = clientIp()) =>
  new Browser(stack.url, stack.publicUrl, ip, trail);
const signInBody = (
  u: { username: string; password: string },
  dcd: string,
  client = PORTAL_CLIENT_ID,
) => ({
  uname: b64(u.username),
  pass: b64(u.password),
  client,
  redirect: '/',
  dcd,
});

describe('three replicas behind HAProxy', () => {
  it('name the replica of every answer, in turn', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${stack.url}/v1/health`);
      expect(response.status).toBe(200);
      seen.push(response.headers.get(REPLICA_HEADER) ?? '');
    }
    // Round robin: each replica twice, never the same twice in a row.
    expect([...seen].sort()).toEqual([...REPLICA_NAMES, ...REPLICA_NAMES].sort());
    expectSpread(seen.map((replica, i) => ({ step: `health ${i}`, replica })));
  });

  it('sign a user in, confirm with PIN and passkey, choose a company, exchange the code and sign out', async () => {
    const device = 'journey-device';
    const me = browser();
    const authenticator = new SoftwareAuthenticator(
      new URL(stack.publicUrl).hostname,
      stack.publicUrl,
    );

    // New device: the code is mailed (by whichever replica's worker claims the job) and
    // redeemed on another replica.
    await signInWithDeviceCode(me, stack, signInBody(user, device), user.email);

    const pin = await me.post('set PIN', '/v1/mfa/pin/set', {
      pin: PIN,
      password: b64(user.password),
    });
    expect(pin.Code).toBe('200');
    // The registration's challenge is issued by one replica and checked by the next.
    const creation = await me.post('passkey options', '/v1/passkey/register/options', {
      password: b64(user.password),
    });
    expect(creation.Code).toBe('200');
    const registered = await me.post('passkey verify', '/v1/passkey/register/verify', {
      credential: authenticator.register(creation.Msg as { challenge: string }),
    });
    expect(registered.Code).toBe('200');
    const mfa = await me.post('enable PIN and passkey', '/v1/mfa/settings/update', {
      enable_pin: true,
      enable_passkey: true,
      password: b64(user.password),
    });
    expect(mfa.Msg).toMatchObject({ is_pin_enabled: true, is_passkey_enabled: true });

    // Sign-out on one replica ends the session for all of them.
    const first = me.cookie;
    expect((await me.post('sign out', '/v1/auth/signout')).Code).toBe('200');
    const stale = browser(me.trail, me.ip);
    stale.cookie = first;
    expect((await stale.get('ended session', '/v1/auth/details')).Code).toBe('session_invalid');
    expect((await stale.get('ended session again', '/v1/auth/details')).Code).toBe(
      'session_invalid',
    );

    // A sign-in with PIN on: the session waits for its confirmation on any replica.
    const again = await me.post('sign in (known device)', '/v1/auth', signInBody(user, device));
    expect(again.Code).toBe('200');
    expect((await me.get('unconfirmed', '/v1/auth/details')).Code).toBe('session_expired');
    const byPin = await me.post('confirm with PIN', '/v1/auth/reauth', {
      credential_type: 'mpin',
      credential_value: PIN,
      client: PORTAL_CLIENT_ID,
      redirect: '/',
    });
    expect(byPin.Code).toBe('200');
    expect((await me.get('confirmed', '/v1/auth/details')).Code).toBe('200');

    // Again, confirmed with the passkey: its challenge crosses replicas too.
    expect((await me.post('sign out 2', '/v1/auth/signout')).Code).toBe('200');
    expect((await me.post('sign in 3', '/v1/auth', signInBody(user, device))).Code).toBe('200');
    const request = await me.post('passkey challenge', '/v1/passkey/auth/options', {});
    expect(request.Code).toBe('200');
    const byPasskey = await me.post('confirm with passkey', '/v1/auth/reauth', {
      credential_type: 'passkey',
      credential_value: authenticator.assert(request.Msg as { challenge: string }),
      client: PORTAL_CLIENT_ID,
      redirect: '/',
    });
    expect(byPasskey.Code).toBe('200');

    // Into the client application: auto-login, company choice, and its server's exchange.
    const auto = await me.post('auto-login to the client', '/v1/auth/autologin', {
      client: CLIENT_APP.client,
      redirect: CLIENT_REDIRECT,
    });
    expect(auto.Code).toBe('200');
    const chosen = await me.post('choose company', '/v1/auth/com', {
      com: PLATFORM_COMPANY_ID,
      client: CLIENT_APP.client,
    });
    expect(chosen.Code).toBe('200');
    const code = String(chosen.Msg.code);
    const exchange = () =>
      fetch(`${stack.url}/v1/exchange`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() },
        body: JSON.stringify({
          client: CLIENT_APP.client,
          secret: CLIENT_SECRET,
          code,
          com: PLATFORM_COMPANY_ID,
        }),
      });
    const exchanged = await exchange();
    const exchangedBody = (await exchanged.json()) as {
      Code: string;
      Msg: Record<string, unknown>;
    };
    me.trail.push({ step: 'exchange', replica: exchanged.headers.get(REPLICA_HEADER) ?? '' });
    expect(exchangedBody).toMatchObject({
      Code: '200',
      Msg: {
        user: { id: user.id },
        company: { id: PLATFORM_COMPANY_ID },
        roles: [CLIENT_APP.role],
      },
    });
    // The same code on the next replica: refused, and the session it was issued for ends.
    const replayed = await exchange();
    me.trail.push({
      step: 'replayed exchange',
      replica: replayed.headers.get(REPLICA_HEADER) ?? '',
    });
    expect(((await replayed.json()) as { Code: string }).Code).toBe('code_invalid');
    expect((await me.get('after the replay', '/v1/auth/details')).Code).toBe('session_invalid');

    expectSpread(me.trail);
  });

  it('expire an idle session everywhere, lift it with the PIN, and end it at its time to live', async () => {
    const me = browser();
    expect((await me.post('sign in', '/v1/auth', signInBody(user, 'journey-device'))).Code).toBe(
      '200',
    );
    const confirmed = await me.post('confirm', '/v1/auth/reauth', {
      credential_type: 'mpin',
      credential_value: PIN,
      client: PORTAL_CLIENT_ID,
      redirect: '/',
    });
    expect(confirmed.Code).toBe('200');
    expect((await me.get('live', '/v1/auth/details')).Code).toBe('200');

    // Idle for longer than the client's activity timeout (60 s): expired on every replica.
    await stack.sql.query(
      `UPDATE sessions SET last_seen_at = now() - interval '1 hour'
        WHERE user_id = $1 AND ended_at IS NULL`,
      [user.id],
    );
    for (let i = 0; i < REPLICA_NAMES.length; i += 1) {
      expect((await me.get(`idle ${i}`, '/v1/auth/details')).Code).toBe('session_expired');
    }
    const lifted = await me.post('lift with PIN', '/v1/auth/reauth', {
      credential_type: 'mpin',
      credential_value: PIN,
      client: PORTAL_CLIENT_ID,
      redirect: '/',
    });
    expect(lifted.Code).toBe('200');
    for (let i = 0; i < REPLICA_NAMES.length; i += 1) {
      expect((await me.get(`lifted ${i}`, '/v1/auth/details')).Code).toBe('200');
    }

    // Past its time to live: over for every replica.
    await stack.sql.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second'
        WHERE user_id = $1 AND ended_at IS NULL`,
      [user.id],
    );
    for (let i = 0; i < REPLICA_NAMES.length; i += 1) {
      expect((await me.get(`past its TTL ${i}`, '/v1/auth/details')).Code).toBe('session_invalid');
    }
    expectSpread(me.trail);
  });

  it('count the per-IP limit across replicas, ban, unban and whitelist the address everywhere', async () => {
    const trail: Trail = [];
    const admin = browser(trail);
    await signInWithDeviceCode(admin, stack, signInBody(ADMIN, 'admin-device'), ADMIN.email);
    expect(
      (
        await admin.post('admin company', '/v1/auth/com', {
          com: PLATFORM_COMPANY_ID,
          client: PORTAL_CLIENT_ID,
        })
      ).Code,
    ).toBe('200');

    // 20 requests a minute per IP for credential calls, every request counted (a bad one too):
    // spread over three replicas, the 21st is refused only if they share one count (Redis).
    const attacker = browser(trail);
    for (let i = 0; i < 20; i += 1) {
      const answer = await attacker.post(`guess ${i}`, '/v1/auth', {});
      expect(answer.status, `guess ${i} on ${answer.replica}`).toBe(400);
    }
    const over = await attacker.post(
      'over the limit',
      '/v1/auth',
      signInBody(user, 'journey-device'),
    );
    expect(over.Code).toBe('rate_limit_exceeded');
    const guesses = trail.slice(-21);
    expectSpread(guesses);

    // The ban is recorded once, and every replica's admin call sees it.
    for (let i = 0; i < REPLICA_NAMES.length; i += 1) {
      const banned = await admin.get(`banned list ${i}`, '/v1/banned');
      const entries = banned.Msg.banned as { ip: string; reason?: string }[];
      expect(entries.filter((entry) => entry.ip === attacker.ip)).toHaveLength(1);
    }
    for (let i = 0; i < REPLICA_NAMES.length; i += 1) {
      const refused = await attacker.post(
        `refused ${i}`,
        '/v1/auth',
        signInBody(user, 'journey-device'),
      );
      expect(refused.Code).toBe('rate_limit_exceeded');
    }

    // Lifting the ban on one replica lifts it for all.
    expect((await admin.post('unban', '/v1/banned/remove', { ip: attacker.ip })).Code).toBe('200');
    for (let i = 0; i < REPLICA_NAMES.length; i += 1) {
      const banned = await admin.get(`banned after unban ${i}`, '/v1/banned');
      const entries = banned.Msg.banned as { ip: string }[];
      expect(entries.some((entry) => entry.ip === attacker.ip)).toBe(false);
    }

    // Whitelisted on one replica: every replica stops counting the address. The replica that
    // made the change knows at once; the others within their whitelist copy's lifetime
    // (WHITELIST_CACHE_MS, 10 s: docs/replicas.md), so this waits up to that bound.
    expect(
      (
        await admin.post('whitelist', '/v1/whitelist/add', {
          ip: attacker.ip,
          description: 'replicas test',
        })
      ).Code,
    ).toBe('200');
    for (let i = 0; i < REPLICA_NAMES.length; i += 1) {
      const listed = await admin.get(`whitelist ${i}`, '/v1/whitelist');
      const entries = listed.Msg.whitelist as { ip: string }[];
      expect(entries.some((entry) => entry.ip === attacker.ip)).toBe(true);
    }
    const deadline = Date.now() + 10_000 + 5_000;
    const through = new Set<string>();
    let refusals = 0;
    while (through.size < REPLICA_NAMES.length) {
      const answer = await attacker.post(
        'whitelisted sign-in',
        '/v1/auth',
        signInBody(user, 'journey-device'),
      );
      if (answer.Code === '200') through.add(answer.replica);
      else {
        expect(answer.Code).toBe('rate_limit_exceeded');
        refusals += 1;
        expect(Date.now(), 'every replica sees the whitelist within its bound').toBeLessThan(
          deadline,
        );
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    console.info(`[replicas] refusals before every replica saw the whitelist: ${refusals}`);

    expect(
      (await admin.post('unwhitelist', '/v1/whitelist/remove', { ip: attacker.ip })).Code,
    ).toBe('200');
    for (let i = 0; i < REPLICA_NAMES.length; i += 1) {
      const listed = await admin.get(`whitelist after removal ${i}`, '/v1/whitelist');
      const entries = listed.Msg.whitelist as { ip: string }[];
      expect(entries.some((entry) => entry.ip === attacker.ip)).toBe(false);
    }
    expectSpread(trail);
  });
});
