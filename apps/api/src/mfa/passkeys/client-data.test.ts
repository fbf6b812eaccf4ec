import { describe, expect, it } from 'vitest';
import { createUser, openTestSession } from '../../../test/factories.js';
import { SoftwareAuthenticator } from '../test-authenticator.js';
import { passkeyTestbed } from './passkey.fixtures.js';

/**
 * What a ceremony's client data and user handle may say (docs/mfa.md, "Passkeys"): the portal
 * never runs a ceremony inside a frame of another origin, so a response made in one
 * (crossOrigin, topOrigin) is refused; and a user handle returned with an assertion must be
 * the session user's (WebAuthn, "Verifying an Authentication Assertion").
 */
const { bed, registerOptions, registerVerify, authOptions, reauth, passkeysOf, enrolled } =
  passkeyTestbed('10.17');

const handleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');
const stillIdle = async (sessionId: string) => {
  const row = await bed.t.db.prisma.session.findUniqueOrThrow({ where: { id: sessionId } });
  return row.lastSeenAt.getTime() < Date.now() - 60_000;
};

describe('client data and user handle', () => {
  it.each([
    ['made in a frame of another origin', { crossOrigin: true }],
    ['naming a top origin', { topOrigin: 'https://evil.example' }],
  ])('refuses a registration %s', async (_name, clientData) => {
    const user = await createUser(bed.t);
    const session = await openTestSession(bed.t, user);
    const options = (await registerOptions(session, user)).json().Msg;
    const authenticator = new SoftwareAuthenticator(bed.rpId, bed.origin);
    const res = await registerVerify(session, authenticator.register(options, { clientData }));
    expect(res.json()).toMatchObject({ Code: 'passkey_invalid' });
    expect(await passkeysOf(user.id)).toHaveLength(0);
  });

  it.each([
    ['made in a frame of another origin', { crossOrigin: true }],
    ['naming a top origin', { topOrigin: 'https://evil.example' }],
  ])('refuses an assertion %s, leaving the session idle', async (_name, clientData) => {
    const { user, authenticator, idle } = await enrolled();
    const options = (await authOptions(idle)).json().Msg;
    const res = await reauth(idle, authenticator.assert(options, { clientData }));
    expect(res.json()).toMatchObject({ Code: 'passkey_invalid' });
    expect(await stillIdle(idle.id)).toBe(true);
    expect((await passkeysOf(user.id))[0]?.counter).toBe(0n);
  });

  it("refuses an assertion whose user handle is another person's", async () => {
    const { user, authenticator, idle } = await enrolled();
    const other = await createUser(bed.t);
    const options = (await authOptions(idle)).json().Msg;
    const res = await reauth(
      idle,
      authenticator.assert(options, { userHandle: handleOf(other.id) }),
    );
    expect(res.json()).toMatchObject({ Code: 'passkey_invalid' });
    expect(await stillIdle(idle.id)).toBe(true);
    expect((await passkeysOf(user.id))[0]?.counter).toBe(0n);
  });

  it("accepts the user's own handle, and none, and a frame of its own origin said false", async () => {
    const { user, authenticator, idle } = await enrolled();
    const own = (await authOptions(idle)).json().Msg;
    const res = await reauth(idle, authenticator.assert(own, { userHandle: handleOf(user.id) }));
    expect(res.json().Code).toBe('200');
    const { authenticator: second, idle: other } = await enrolled();
    const plain = (await authOptions(other)).json().Msg;
    const framed = second.assert(plain, { clientData: { crossOrigin: false } });
    expect((await reauth(other, framed)).json().Code).toBe('200');
  });
});
