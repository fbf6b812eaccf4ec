import type { TestApp } from '../../../test/harness.js';
import type { TestSession } from '../../../test/factories.js';
import { openTestSession } from '../../../test/factories.js';
import { PORTAL_CLIENT_ID, TOTP_PERIOD_SECONDS } from '@portico/contracts';

/** The current time in seconds, as authenticator codes count it. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Waits for the next time step when fewer than `marginSeconds` are left in this one.
 * Tests make codes for the step before this one, or one or two ahead, and expect the server to
 * take them as exactly that. A step that ends between a code's making and its check shifts each
 * by one: the previous step's code is then two behind and refused. A CI run under load failed
 * that way (`totp.test.ts`, the set-up's confirmation refused). Run before each such test, with
 * a margin longer than the test takes.
 */
export async function clearOfStepEnd(marginSeconds = 5): Promise<void> {
  const periodMs = TOTP_PERIOD_SECONDS * 1000;
  const leftMs = periodMs - (Date.now() % periodMs);
  if (leftMs < marginSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, leftMs + 50));
  }
}

/**
 * The calls the authenticator-app tests make, each request from an address of its own in
 * 10.<subnet>.x.y (the per-IP rate limit is not what those tests look at). `app` is read at each
 * call: the tests start their app in beforeAll.
 */
export function totpTestCalls(app: () => TestApp, subnet: number) {
  let requests = 0;
  const nextIp = () => `10.${subnet}.${Math.floor(++requests / 250)}.${requests % 250}`;
  const post = (cookie: string, url: string, payload: object) =>
    app().app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload,
      remoteAddress: nextIp(),
    });
  const reauth = (cookie: string, type: 'totp' | 'recovery', value: string) =>
    post(cookie, '/v1/auth/reauth', {
      credential_type: type,
      credential_value: value,
      client: PORTAL_CLIENT_ID,
      redirect: '/',
    });
  /** An idle session of the user: re-authentication is what lifts it. */
  const idle = async (user: { id: string }): Promise<TestSession> => {
    const session = await openTestSession(app(), user);
    await app().db.prisma.session.update({
      where: { id: session.id },
      data: { lastSeenAt: new Date(Date.now() - 3600_000) },
    });
    return session;
  };
  return { nextIp, post, reauth, idle };
}
