import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID, SESSION_COOKIE } from '@portico/contracts';
import type { TestApp } from '../../../test/harness.js';
import { startTestApp } from '../../../test/harness.js';
import type { TestSession, TestUser } from '../../../test/factories.js';
import { b64, bootstrapPlatform, createUser, openTestSession } from '../../../test/factories.js';
import { SoftwareAuthenticator } from '../test-authenticator.js';

/** Passkeys: registration from the profile, then re-authentication and sign-in confirmation. */
describe('passkeys', () => {
  let t: TestApp;
  let rpId: string;
  let origin: string;
  let ipCounter = 0;
  const nextIp = () => `10.3.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    const url = new URL(t.app.config.PUBLIC_URL);
    rpId = url.hostname;
    origin = url.origin;
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: payload as object,
      remoteAddress: nextIp(),
    });
  const registerOptions = (s: TestSession, user: TestUser) =>
    post('/v1/passkey/register/options', s.cookie, { password: b64(user.password) });
  const registerVerify = (s: TestSession, credential: unknown, name?: string) =>
    post('/v1/passkey/register/verify', s.cookie, { credential, ...(name ? { name } : {}) });
  const authOptions = (s: TestSession) => post('/v1/passkey/auth/options', s.cookie, {});
  const reauth = (s: TestSession, assertion: unknown) =>
    post('/v1/auth/reauth', s.cookie, {
      credential_type: 'passkey',
      credential_value: assertion,
      client: PORTAL_CLIENT_ID,
      redirect: '/',
    });
  const idleSession = async (user: { id: string }) => {
    const session = await openTestSession(t, user);
    await t.db.prisma.session.update({
      where: { id: session.id },
      data: { lastSeenAt: new Date(Date.now() - 3600_000) },
    });
    return session;
  };
  const passkeysOf = (userId: string) =>
    t.db.prisma.passkeyCredential.findMany({ where: { userId } });
  const challengeRow = (challenge: string) =>
    t.db.prisma.webAuthnChallenge.findUniqueOrThrow({ where: { challenge } });

  /** A user with a registered passkey, passkey sign-in on, and an idle session to lift. */
  async function enrolled() {
    const user = await createUser(t);
    const live = await openTestSession(t, user);
    const authenticator = new SoftwareAuthenticator(rpId, origin);
    const options = (await registerOptions(live, user)).json().Msg;
    const added = await registerVerify(live, authenticator.register(options));
    expect(added.json()).toMatchObject({ Code: '200' });
    await t.db.prisma.user.update({ where: { id: user.id }, data: { passkeyEnabled: true } });
    return { user, live, authenticator, idle: await idleSession(user) };
  }

  describe('registration', () => {
    it('issues options bound to the session and stores a verified credential', async () => {
      const user = await createUser(t, { displayName: 'Pat Key' });
      const session = await openTestSession(t, user);
      const res = await registerOptions(session, user);
      expect(res.json().Code).toBe('200');
      const options = res.json().Msg;
      expect(options).toMatchObject({
        rp: { id: rpId, name: 'Portico' },
        user: { name: user.username, displayName: 'Pat Key' },
        authenticatorSelection: { userVerification: 'required' },
        excludeCredentials: [],
      });
      const issued = await challengeRow(options.challenge);
      expect(issued).toMatchObject({
        purpose: 'registration',
        sessionId: session.id,
        usedAt: null,
      });
      const ttl = issued.expiresAt.getTime() - Date.now();
      expect(ttl).toBeGreaterThan(4 * 60_000);
      expect(ttl).toBeLessThanOrEqual(5 * 60_000);

      const authenticator = new SoftwareAuthenticator(rpId, origin);
      const credential = authenticator.register(options);
      const added = await registerVerify(session, credential, 'Laptop');
      expect(added.json()).toEqual({ Code: '200', Msg: 'Passkey added' });
      const [stored, ...more] = await passkeysOf(user.id);
      expect(more).toHaveLength(0);
      expect(stored).toMatchObject({
        credentialId: authenticator.id,
        counter: 0n,
        transports: ['internal'],
        deviceType: 'singleDevice',
        backedUp: false,
        name: 'Laptop',
      });
      expect(stored?.publicKey.length).toBeGreaterThan(64);
      expect((await challengeRow(options.challenge)).usedAt).not.toBeNull();
      const events = await t.db.prisma.auditEvent.findMany({
        where: { actorId: user.id, action: 'mfa.passkey_added' },
      });
      expect(events.map((e) => e.target)).toEqual([stored?.id]);

      // The same response again: its challenge is spent.
      expect((await registerVerify(session, credential)).json()).toMatchObject({
        Code: 'passkey_invalid',
      });
      // The next options exclude the registered credential; registering it again is refused.
      const next = (await registerOptions(session, user)).json().Msg;
      expect(next.excludeCredentials).toEqual([
        { id: authenticator.id, type: 'public-key', transports: ['internal'] },
      ]);
      expect((await registerVerify(session, authenticator.register(next))).json()).toMatchObject({
        Code: 'passkey_invalid',
      });
      expect(await passkeysOf(user.id)).toHaveLength(1);
      const settings = await t.app.inject({
        method: 'GET',
        url: '/v1/mfa/settings',
        headers: { cookie: session.cookie },
      });
      expect(settings.json().Msg).toMatchObject({
        has_passkey_setup: true,
        is_passkey_enabled: false,
      });
    });

    it('needs the account password for the options', async () => {
      const user = await createUser(t);
      const session = await openTestSession(t, user);
      const res = await post('/v1/passkey/register/options', session.cookie, {
        password: b64('Wrong1234'),
      });
      expect(res.json()).toMatchObject({ Code: 'invalid_credentials' });
      expect(await t.db.prisma.webAuthnChallenge.count({ where: { sessionId: session.id } })).toBe(
        0,
      );
    });

    it.each([
      ['without user verification', { noUserVerification: true }],
      ['from another origin', { origin: 'https://evil.example' }],
    ])('refuses an attestation %s', async (_name, ceremony) => {
      const user = await createUser(t);
      const session = await openTestSession(t, user);
      const options = (await registerOptions(session, user)).json().Msg;
      const credential = new SoftwareAuthenticator(rpId, origin).register(options, ceremony);
      const res = await registerVerify(session, credential);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Code: 'passkey_invalid' });
      expect(await passkeysOf(user.id)).toHaveLength(0);
    });

    it('refuses a challenge issued to another session, leaving it to its owner', async () => {
      const user = await createUser(t);
      const mine = await openTestSession(t, user);
      const theirs = await openTestSession(t, user);
      const options = (await registerOptions(theirs, user)).json().Msg;
      const credential = new SoftwareAuthenticator(rpId, origin).register(options);
      expect((await registerVerify(mine, credential)).json()).toMatchObject({
        Code: 'passkey_invalid',
      });
      expect((await challengeRow(options.challenge)).usedAt).toBeNull();
      expect((await registerVerify(theirs, credential)).json()).toMatchObject({ Code: '200' });
    });

    it.each([
      ['no credential', {}],
      [
        'a credential without response',
        { credential: { id: 'AA', rawId: 'AA', type: 'public-key', clientExtensionResults: {} } },
      ],
      [
        'a clientDataJSON that is not base64url',
        {
          credential: {
            id: 'AA',
            rawId: 'AA',
            type: 'public-key',
            clientExtensionResults: {},
            response: { clientDataJSON: '***', attestationObject: 'AA' },
          },
        },
      ],
      [
        'a name too long',
        {
          credential: {
            id: 'AA',
            rawId: 'AA',
            type: 'public-key',
            clientExtensionResults: {},
            response: { clientDataJSON: 'AA', attestationObject: 'AA' },
          },
          name: 'x'.repeat(65),
        },
      ],
    ])('answers incomplete_param for %s', async (_name, payload) => {
      const user = await createUser(t);
      const session = await openTestSession(t, user);
      const res = await post('/v1/passkey/register/verify', session.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Code: 'incomplete_param' });
    });

    it('answers passkey_invalid, not a 500, for well-formed garbage', async () => {
      const user = await createUser(t);
      const session = await openTestSession(t, user);
      const options = (await registerOptions(session, user)).json().Msg;
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin }),
      ).toString('base64url');
      const res = await registerVerify(session, {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON, attestationObject: 'AAAA' },
      });
      expect(res.json()).toMatchObject({ Code: 'passkey_invalid' });
      const notJson = await registerVerify(session, {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
      });
      expect(notJson.json()).toMatchObject({ Code: 'passkey_invalid' });
    });
  });

  describe('re-authentication', () => {
    it('lifts an idle session with a passkey, moving the counter', async () => {
      const { user, authenticator, idle } = await enrolled();
      const res = await authOptions(idle);
      expect(res.json().Code).toBe('200');
      const options = res.json().Msg;
      expect(options).toMatchObject({
        rpId,
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
      const settings = await t.app.inject({
        method: 'GET',
        url: '/v1/mfa/settings',
        headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
      });
      expect(settings.json().Msg.dis).toBeUndefined(); // live again
      const [stored] = await passkeysOf(user.id);
      expect(stored?.counter).toBe(1n);
      expect(stored?.lastUsedAt).not.toBeNull();
      const events = await t.db.prisma.auditEvent.findMany({
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
      await t.db.prisma.passkeyCredential.updateMany({
        where: { userId: user.id },
        data: { counter: 7n },
      });
      const res = await reauth(idle, authenticator.assert(first, { counter: 7 }));
      expect(res.json()).toMatchObject({ Code: 'passkey_invalid' });
      const second = (await authOptions(idle)).json().Msg;
      expect(
        (await reauth(idle, authenticator.assert(second, { counter: 3 }))).json(),
      ).toMatchObject({
        Code: 'passkey_invalid',
      });
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
      const row = await t.db.prisma.session.findUniqueOrThrow({ where: { id: idle.id } });
      expect(row.lastSeenAt.getTime()).toBeLessThan(Date.now() - 60_000);
    });

    it('refuses an expired challenge and an unregistered authenticator', async () => {
      const { authenticator, idle } = await enrolled();
      const options = (await authOptions(idle)).json().Msg;
      await t.db.prisma.webAuthnChallenge.update({
        where: { challenge: options.challenge },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect((await reauth(idle, authenticator.assert(options))).json()).toMatchObject({
        Code: 'passkey_invalid',
      });
      const fresh = (await authOptions(idle)).json().Msg;
      const stranger = new SoftwareAuthenticator(rpId, origin);
      expect((await reauth(idle, stranger.assert(fresh))).json()).toMatchObject({
        Code: 'passkey_invalid',
      });
    });

    it('offers no options while passkey sign-in is off or no passkey exists', async () => {
      const { user, idle } = await enrolled();
      await t.db.prisma.user.update({ where: { id: user.id }, data: { passkeyEnabled: false } });
      expect((await authOptions(idle)).json()).toMatchObject({ Code: 'passkey_invalid' });
      const nobody = await createUser(t);
      expect((await authOptions(await idleSession(nobody))).json()).toMatchObject({
        Code: 'passkey_invalid',
      });
    });

    it('confirms a sign-in, where the password is not accepted', async () => {
      const { user, authenticator } = await enrolled();
      const pending = await openTestSession(t, user, { needsConfirmation: true });
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
      await t.db.prisma.session.update({ where: { id: idle.id }, data: { endedAt: new Date() } });
      expect((await reauth(idle, authenticator.assert(options))).json()).toMatchObject({
        Code: 'session_invalid',
      });
      expect((await authOptions(idle)).json()).toMatchObject({ Code: 'session_invalid' });
    });
  });
});
