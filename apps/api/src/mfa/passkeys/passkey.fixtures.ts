import { afterAll, beforeAll, expect } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { PasskeyCredential, WebAuthnChallenge } from '@portico/db';
import type { TestApp } from '../../../test/harness.js';
import { startTestApp } from '../../../test/harness.js';
import type { TestSession, TestUser } from '../../../test/factories.js';
import { b64, bootstrapPlatform, createUser, openTestSession } from '../../../test/factories.js';
import { SoftwareAuthenticator } from '../test-authenticator.js';

/**
 * The passkey tests' shared set-up (registration and re-authentication files): the app on its
 * own database, the relying party of its PUBLIC_URL, and helpers that call the passkey routes
 * from a new IP each time (the per-IP limit stays out of the way).
 */
export function passkeyTestbed(ipPrefix: string) {
  const bed = { t: undefined as unknown as TestApp, rpId: '', origin: '' };
  let ipCounter = 0;
  const nextIp = () => `${ipPrefix}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    bed.t = await startTestApp();
    await bootstrapPlatform(bed.t);
    const url = new URL(bed.t.app.config.PUBLIC_URL);
    bed.rpId = url.hostname;
    bed.origin = url.origin;
  });
  afterAll(() => bed.t.close());

  const post = (url: string, cookie: string, payload: unknown) =>
    bed.t.app.inject({
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
    const session = await openTestSession(bed.t, user);
    await bed.t.db.prisma.session.update({
      where: { id: session.id },
      data: { lastSeenAt: new Date(Date.now() - 3600_000) },
    });
    return session;
  };
  const passkeysOf = (userId: string): Promise<PasskeyCredential[]> =>
    bed.t.db.prisma.passkeyCredential.findMany({ where: { userId } });
  const challengeRow = (challenge: string): Promise<WebAuthnChallenge> =>
    bed.t.db.prisma.webAuthnChallenge.findUniqueOrThrow({ where: { challenge } });

  /** A user with a registered passkey, passkey sign-in on, and an idle session to lift. */
  async function enrolled() {
    const user = await createUser(bed.t);
    const live = await openTestSession(bed.t, user);
    const authenticator = new SoftwareAuthenticator(bed.rpId, bed.origin);
    const options = (await registerOptions(live, user)).json().Msg;
    const added = await registerVerify(live, authenticator.register(options));
    expect(added.json()).toMatchObject({ Code: '200' });
    await bed.t.db.prisma.user.update({ where: { id: user.id }, data: { passkeyEnabled: true } });
    return { user, live, authenticator, idle: await idleSession(user) };
  }

  return {
    bed,
    post,
    registerOptions,
    registerVerify,
    authOptions,
    reauth,
    idleSession,
    passkeysOf,
    challengeRow,
    enrolled,
  };
}
