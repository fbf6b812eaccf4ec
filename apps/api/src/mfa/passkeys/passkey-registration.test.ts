import { describe, expect, it } from 'vitest';
import { b64, createUser, openTestSession } from '../../../test/factories.js';
import { SoftwareAuthenticator } from '../test-authenticator.js';
import { passkeyTestbed } from './passkey.fixtures.js';

/** Passkeys: registration from the profile. */
const { bed, post, registerOptions, registerVerify, passkeysOf, challengeRow } =
  passkeyTestbed('10.3');

describe('registration', () => {
  it('is_biometrics_enabled: a platform passkey (user-verified) with passkey sign-in on, in every answer', async () => {
    const flags = async (cookie: string) => {
      const settings = await bed.t.app.inject({
        method: 'GET',
        url: '/v1/mfa/settings',
        headers: { cookie },
      });
      const details = await bed.t.app.inject({
        method: 'GET',
        url: '/v1/auth/details',
        headers: { cookie },
      });
      const both = [settings.json().Msg, details.json().Msg] as {
        is_biometrics_enabled: boolean;
      }[];
      return both.map((msg) => msg.is_biometrics_enabled);
    };
    // A security key (cross-platform) is a passkey, not biometrics.
    const keyUser = await createUser(bed.t);
    const keySession = await openTestSession(bed.t, keyUser);
    const key = new SoftwareAuthenticator(bed.rpId, bed.origin);
    const keyOptions = (await registerOptions(keySession, keyUser)).json().Msg;
    const roaming = { ...key.register(keyOptions), authenticatorAttachment: 'cross-platform' };
    expect((await registerVerify(keySession, roaming)).json().Code).toBe('200');
    await bed.t.db.prisma.user.update({
      where: { id: keyUser.id },
      data: { passkeyEnabled: true },
    });
    expect(await flags(keySession.cookie)).toEqual([false, false]);
    expect((await passkeysOf(keyUser.id))[0]?.platform).toBe(false);

    // The device's own authenticator (attachment platform): biometrics once passkeys are on.
    const user = await createUser(bed.t);
    const session = await openTestSession(bed.t, user);
    const device = new SoftwareAuthenticator(bed.rpId, bed.origin);
    const options = (await registerOptions(session, user)).json().Msg;
    const onDevice = { ...device.register(options), authenticatorAttachment: 'platform' };
    expect((await registerVerify(session, onDevice)).json().Code).toBe('200');
    expect(await flags(session.cookie)).toEqual([false, false]);
    await bed.t.db.prisma.user.update({ where: { id: user.id }, data: { passkeyEnabled: true } });
    expect(await flags(session.cookie)).toEqual([true, true]);
    const audit = await bed.t.db.prisma.auditEvent.findFirst({
      where: { actorId: user.id, action: 'mfa.passkey_added' },
    });
    expect(audit?.details).toMatchObject({ platform: true });
  });

  it('issues options bound to the session and stores a verified credential', async () => {
    const user = await createUser(bed.t, { displayName: 'Pat Key' });
    const session = await openTestSession(bed.t, user);
    const res = await registerOptions(session, user);
    expect(res.json().Code).toBe('200');
    const options = res.json().Msg;
    expect(options).toMatchObject({
      rp: { id: bed.rpId, name: 'Portico' },
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

    const authenticator = new SoftwareAuthenticator(bed.rpId, bed.origin);
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
    const events = await bed.t.db.prisma.auditEvent.findMany({
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
    const settings = await bed.t.app.inject({
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
    const user = await createUser(bed.t);
    const session = await openTestSession(bed.t, user);
    const res = await post('/v1/passkey/register/options', session.cookie, {
      password: b64('Wrong1234'),
    });
    expect(res.json()).toMatchObject({ Code: 'invalid_credentials' });
    expect(
      await bed.t.db.prisma.webAuthnChallenge.count({ where: { sessionId: session.id } }),
    ).toBe(0);
  });

  it.each([
    ['without user verification', { noUserVerification: true }],
    ['from another origin', { origin: 'https://evil.example' }],
  ])('refuses an attestation %s', async (_name, ceremony) => {
    const user = await createUser(bed.t);
    const session = await openTestSession(bed.t, user);
    const options = (await registerOptions(session, user)).json().Msg;
    const credential = new SoftwareAuthenticator(bed.rpId, bed.origin).register(options, ceremony);
    const res = await registerVerify(session, credential);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 'passkey_invalid' });
    expect(await passkeysOf(user.id)).toHaveLength(0);
  });

  it('refuses a challenge issued to another session, leaving it to its owner', async () => {
    const user = await createUser(bed.t);
    const mine = await openTestSession(bed.t, user);
    const theirs = await openTestSession(bed.t, user);
    const options = (await registerOptions(theirs, user)).json().Msg;
    const credential = new SoftwareAuthenticator(bed.rpId, bed.origin).register(options);
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
    const user = await createUser(bed.t);
    const session = await openTestSession(bed.t, user);
    const res = await post('/v1/passkey/register/verify', session.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 'incomplete_param' });
  });

  it('answers passkey_invalid, not a 500, for well-formed garbage', async () => {
    const user = await createUser(bed.t);
    const session = await openTestSession(bed.t, user);
    const options = (await registerOptions(session, user)).json().Msg;
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: bed.origin }),
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
