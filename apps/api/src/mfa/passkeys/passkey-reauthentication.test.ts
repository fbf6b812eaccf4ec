import { describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID, SESSION_COOKIE } from '@portico/contracts';
import { b64, createUser, openTestSession } from '../../../test/factories.js';
import { SoftwareAuthenticator } from '../test-authenticator.js';
import { passkeyTestbed } from './passkey.fixtures.js';

/** Passkeys: re-authentication in place and the sign-in confirmation step. */
const {
  bed,
  post,
  registerOptions,
  authOptions,
  reauth,
  idleSession,
  passkeysOf,
  challengeRow,
  enrolled,
} = passkeyTestbed('10.4');

describe('re-authentication', () => {
  it('lifts an idle session with a passkey, moving the counter', async () => {
    const { user, authenticator, idle } = await enrolled();
    const res = await authOptions(idle);
    expect(res.json().Code).toBe('200');
    const options = res.json().Msg;
    expect(options).toMatchObject({
      rpId: bed.rpId,
      userVerification: 'required',
      allowCredentials: [{ id: authenticator.id, type: 'public-key' }],
    });
    expect(await challengeRow(options.challenge)).toMatchObject({
      purpose: 'reauthentication',
      sessionId: idle.id,
    });

    const assertion = authenticator.assert(options);
    const ok = await reauth(idle, assertion);
    expect(ok.json()).toEqual({ Code: '200', Msg: 'Re-authenticated' });
    const cookie = ok.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toBeDefined();
    const settings = await bed.t.app.inject({
      method: 'GET',
      url: '/v1/mfa/settings',
      headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
    });
    expect(settings.json().Msg.dis).toBeUndefined(); // live again
    const [stored] = await passkeysOf(user.id);
    expect(stored?.counter).toBe(1n);
    expect(stored?.lastUsedAt).not.toBeNull();
    const events = await bed.t.db.prisma.auditEvent.findMany({
      where: { actorId: user.id, action: 'auth.reauthenticated' },
    });
    expect(events.map((e) => e.details)).toEqual([{ method: 'passkey', confirmation: false }]);

    // Replayed: the challenge is spent (and the old cookie is gone anyway).
    const replay = await reauth(
      { ...idle, cookie: `${SESSION_COOKIE}=${cookie?.value}` },
      assertion,
    );
    expect(replay.json()).toMatchObject({ Code: 'passkey_invalid' });
  });

  it('refuses a counter that does not increase', async () => {
    const { user, authenticator, idle } = await enrolled();
    const first = (await authOptions(idle)).json().Msg;
    await bed.t.db.prisma.passkeyCredential.updateMany({
      where: { userId: user.id },
      data: { counter: 7n },
    });
    const res = await reauth(idle, authenticator.assert(first, { counter: 7 }));
    expect(res.json()).toMatchObject({ Code: 'passkey_invalid' });
    const second = (await authOptions(idle)).json().Msg;
    expect((await reauth(idle, authenticator.assert(second, { counter: 3 }))).json()).toMatchObject(
      {
        Code: 'passkey_invalid',
      },
    );
    expect((await passkeysOf(user.id))[0]?.counter).toBe(7n);
    const third = (await authOptions(idle)).json().Msg;
    expect((await reauth(idle, authenticator.assert(third, { counter: 8 }))).json().Code).toBe(
      '200',
    );
  });

  it('refuses the challenge of another session', async () => {
    const { user, authenticator, idle } = await enrolled();
    const other = await idleSession(user);
    const options = (await authOptions(other)).json().Msg;
    const assertion = authenticator.assert(options);
    expect((await reauth(idle, assertion)).json()).toMatchObject({ Code: 'passkey_invalid' });
    expect((await reauth(other, assertion)).json().Code).toBe('200');
  });

  it('refuses a registration challenge used for re-authentication', async () => {
    const { user, live, authenticator } = await enrolled();
    const options = (await registerOptions(live, user)).json().Msg;
    expect((await reauth(live, authenticator.assert(options))).json()).toMatchObject({
      Code: 'passkey_invalid',
    });
  });

  it.each([
    ['without user verification', { noUserVerification: true }],
    ['from another origin', { origin: 'https://evil.example' }],
  ])('refuses an assertion %s', async (_name, ceremony) => {
    const { user, authenticator, idle } = await enrolled();
    const options = (await authOptions(idle)).json().Msg;
    const res = await reauth(idle, authenticator.assert(options, ceremony));
    expect(res.json()).toMatchObject({ Code: 'passkey_invalid' });
    expect((await passkeysOf(user.id))[0]?.counter).toBe(0n);
    const row = await bed.t.db.prisma.session.findUniqueOrThrow({ where: { id: idle.id } });
    expect(row.lastSeenAt.getTime()).toBeLessThan(Date.now() - 60_000);
  });

  it('refuses an expired challenge and an unregistered authenticator', async () => {
    const { authenticator, idle } = await enrolled();
    const options = (await authOptions(idle)).json().Msg;
    await bed.t.db.prisma.webAuthnChallenge.update({
      where: { challenge: options.challenge },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await reauth(idle, authenticator.assert(options))).json()).toMatchObject({
      Code: 'passkey_invalid',
    });
    const fresh = (await authOptions(idle)).json().Msg;
    const stranger = new SoftwareAuthenticator(bed.rpId, bed.origin);
    expect((await reauth(idle, stranger.assert(fresh))).json()).toMatchObject({
      Code: 'passkey_invalid',
    });
  });

  it('offers no options while passkey sign-in is off or no passkey exists', async () => {
    const { user, idle } = await enrolled();
    await bed.t.db.prisma.user.update({ where: { id: user.id }, data: { passkeyEnabled: false } });
    expect((await authOptions(idle)).json()).toMatchObject({ Code: 'passkey_invalid' });
    const nobody = await createUser(bed.t);
    expect((await authOptions(await idleSession(nobody))).json()).toMatchObject({
      Code: 'passkey_invalid',
    });
  });

  it('confirms a sign-in, where the password is not accepted', async () => {
    const { user, authenticator } = await enrolled();
    const pending = await openTestSession(bed.t, user, { needsConfirmation: true });
    const byPassword = await post('/v1/auth/reauth', pending.cookie, {
      credential_type: 'password',
      credential_value: b64(user.password),
      client: PORTAL_CLIENT_ID,
      redirect: '/',
    });
    expect(byPassword.json()).toMatchObject({ Code: 'invalid_credentials' });
    const options = (await authOptions(pending)).json().Msg;
    expect((await reauth(pending, authenticator.assert(options))).json().Code).toBe('200');
  });

  it.each([['a payload for options', { extra: 1 }]])(
    'answers incomplete_param for %s',
    async (_name, payload) => {
      const { idle } = await enrolled();
      const res = await post('/v1/passkey/auth/options', idle.cookie, payload);
      expect(res.json()).toMatchObject({ Code: 'incomplete_param' });
    },
  );

  it.each([
    [
      'an assertion without signature',
      {
        id: 'AA',
        rawId: 'AA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'AA', authenticatorData: 'AA' },
      },
    ],
    [
      'a credential type that is not public-key',
      {
        id: 'AA',
        rawId: 'AA',
        type: 'password',
        clientExtensionResults: {},
        response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' },
      },
    ],
  ])('answers incomplete_param for %s', async (_name, assertion) => {
    const { idle } = await enrolled();
    expect((await reauth(idle, assertion)).json()).toMatchObject({ Code: 'incomplete_param' });
  });

  it('answers passkey_invalid, not a 500, for a well-formed but meaningless assertion', async () => {
    const { authenticator, idle } = await enrolled();
    const options = (await authOptions(idle)).json().Msg;
    const real = authenticator.assert(options);
    const res = await reauth(idle, {
      ...real,
      response: { ...real.response, authenticatorData: 'AAAA', signature: 'AAAA' },
    });
    expect(res.json()).toMatchObject({ Code: 'passkey_invalid' });
  });

  it('answers session_invalid on an ended session', async () => {
    const { authenticator, idle } = await enrolled();
    const options = (await authOptions(idle)).json().Msg;
    await bed.t.db.prisma.session.update({ where: { id: idle.id }, data: { endedAt: new Date() } });
    expect((await reauth(idle, authenticator.assert(options))).json()).toMatchObject({
      Code: 'session_invalid',
    });
    expect((await authOptions(idle)).json()).toMatchObject({ Code: 'session_invalid' });
  });
});
