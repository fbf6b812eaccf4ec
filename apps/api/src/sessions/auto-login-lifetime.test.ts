import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';
import { call, knownDevice, sessionCookieOf, signInRequest } from '../auth/sign-in.fixtures.js';

/**
 * A session ends at its client's session_ttl (DESIGN.md, "Session"): an absolute lifetime that
 * brings the person back to their credentials. An auto-login continues the browser's session
 * without one, so the session it opens ends no later than the one it continues. Before, each
 * auto-login opened a session with a full session_ttl: a session 60 s from its end came back
 * with 7 days, and a portal visited daily never asked for the password again.
 */
describe('auto-login and the absolute lifetime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  async function signedInMember() {
    const user = await createUser(t);
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
    await knownDevice(t, user.id);
    const response = await signInRequest(t, { uname: user.username, pass: user.password });
    expect(response.json()).toMatchObject({ Code: '200' });
    const cookie = sessionCookieOf(response);
    if (!cookie) throw new Error('no cookie');
    return { user, company, cookie };
  }

  const autologin = (client: string, cookie: string) =>
    call(t, 'POST', '/v1/auth/autologin', { client, redirect: '/' }, { cookie });

  /** The session's end, set `seconds` from now; that instant. */
  async function endsIn(cookieValue: string, seconds: number): Promise<Date> {
    const at = new Date(Date.now() + seconds * 1000);
    await t.db.prisma.session.update({
      where: { tokenHash: sha256(cookieValue) },
      data: { expiresAt: at },
    });
    return at;
  }

  const maxAgeOf = (cookie: ReturnType<typeof sessionCookieOf>) =>
    Number(cookie?.attributes.find((a) => a.startsWith('max-age='))?.slice('max-age='.length));

  it('keeps the end of the session it continues, and its cookie too', async () => {
    const { cookie } = await signedInMember();
    const end = await endsIn(cookie.value, 60);

    const response = await autologin(PORTAL_CLIENT_ID, cookie.cookie);
    expect(response.json()).toMatchObject({ Code: '200' });
    const next = sessionCookieOf(response);
    const session = await t.db.prisma.session.findUniqueOrThrow({
      where: { tokenHash: sha256(next?.value ?? '') },
    });
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(end.getTime());
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(maxAgeOf(next)).toBeGreaterThan(0);
    expect(maxAgeOf(next)).toBeLessThanOrEqual(60);
  });

  it("ends at the other client's session_ttl when that comes first", async () => {
    const { user, company, cookie } = await signedInMember();
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id, sessionTtl: 3600 });
    await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
    const before = Date.now();

    const response = await autologin(client.id, cookie.cookie);
    expect(response.json()).toMatchObject({ Code: '200' });
    const next = sessionCookieOf(response);
    const session = await t.db.prisma.session.findUniqueOrThrow({
      where: { tokenHash: sha256(next?.value ?? '') },
    });
    expect(session.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3600 * 1000);
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600 * 1000);
    expect(maxAgeOf(next)).toBe(3600);
  });
});
