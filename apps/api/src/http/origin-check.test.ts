import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID, PORTAL_APP_ID, PORTAL_CLIENT_ID, allCalls } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { b64, bootstrapPlatform, openTestSession } from '../../test/factories.js';
import type { PlatformAdmin } from '../../test/factories.js';
import { tableFingerprint } from '../../test/fingerprint.js';

/**
 * CSRF: with SameSite=Lax cookies, the defence is that a state-changing request carrying a
 * foreign Origin is refused before anything runs, that only JSON (and multipart on uploads) is
 * parsed, so a cross-site form cannot post a body the API accepts, and that GET changes nothing.
 */
describe('CSRF defences', () => {
  let t: TestApp;
  let admin: PlatformAdmin;
  let cookie: string;
  const portalOrigin = 'http://localhost:1234';

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: `${portalOrigin}/` });
    admin = await bootstrapPlatform(t);
    cookie = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const addWhitelist = (ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/whitelist/add',
      headers: { cookie, ...headers },
      payload: { ip, description: 'csrf test' },
    });
  const whitelisted = (ip: string) => t.db.prisma.ipWhitelistEntry.count({ where: { ip } });

  it('refuses a POST with a foreign Origin before it runs, and changes nothing', async () => {
    const before = await tableFingerprint(t.db);
    for (const origin of [
      'https://evil.example',
      'http://localhost:5173',
      'https://localhost:1234',
      'null',
    ]) {
      const answer = await addWhitelist('10.9.9.1', { origin });
      expect(answer.statusCode, origin).toBe(403);
      expect(answer.json()).toMatchObject({ Code: 'origin_refused' });
    }
    // Also a public call: no sign-in is attempted, nothing is recorded.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth',
      headers: { origin: 'https://evil.example' },
      payload: {
        uname: b64(admin.username),
        pass: b64(admin.password),
        client: PORTAL_CLIENT_ID,
        redirect: '/',
        dcd: 'fp',
      },
    });
    expect(signIn.json()).toMatchObject({ Code: 'origin_refused' });
    expect(await tableFingerprint(t.db)).toEqual(before);
    expect(await t.db.prisma.loginAttempt.count()).toBe(0);
  });

  it('lets the portal’s own Origin and requests without Origin through', async () => {
    expect((await addWhitelist('10.9.9.2', { origin: portalOrigin })).statusCode).toBe(200);
    expect(await whitelisted('10.9.9.2')).toBe(1);
    // Servers (the code exchange) and same-origin requests of older browsers send no Origin.
    expect((await addWhitelist('10.9.9.3')).statusCode).toBe(200);
    expect(await whitelisted('10.9.9.3')).toBe(1);
  });

  it('refuses the bodies a cross-site form can send without a preflight', async () => {
    const before = await tableFingerprint(t.db);
    const json = JSON.stringify({ ip: '10.9.9.4' });
    for (const [type, payload] of [
      ['text/plain', json],
      ['text/plain;charset=UTF-8', json],
      ['application/x-www-form-urlencoded', 'ip=10.9.9.4'],
    ] as const) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/v1/whitelist/add',
        headers: { cookie, 'content-type': type },
        payload,
      });
      expect(answer.statusCode, type).toBe(415);
      expect(answer.json()).toMatchObject({ Code: 'unsupported_media_type' });
    }
    // multipart/form-data is parsed for uploads only: a JSON call gets no body from it.
    const boundary = 'csrfboundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/v1/whitelist/add',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="ip"\r\n\r\n10.9.9.4\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toMatchObject({ Code: 'incomplete_param' });
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('changes nothing by any GET call of the contracts, as a platform administrator', async () => {
    const queries: Record<string, string> = {
      com: PLATFORM_COMPANY_ID,
      app: PORTAL_APP_ID,
      client: PORTAL_CLIENT_ID,
      sort: 'reason',
      email: admin.email,
      access: 'A'.repeat(43),
      code: 'A'.repeat(43),
    };
    const gets = allCalls.filter((call) => call.method === 'GET');
    expect(gets.length).toBeGreaterThan(10);
    const before = await snapshot();
    for (const call of gets) {
      const path = call.path.replace(/:(\w+)/g, '00000000-0000-0000-0000-000000000000');
      const keys =
        call.query && 'shape' in call.query ? Object.keys(call.query.shape as object) : [];
      const search = new URLSearchParams(
        keys
          .filter((key) => key in queries)
          .map((key): [string, string] => [key, queries[key] ?? '']),
      );
      const url = search.size ? `${path}?${search}` : path;
      const answer = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(answer.statusCode, `${call.id} ${url}`).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });

  /** Every table, with sessions compared without the activity time a read may refresh. */
  async function snapshot() {
    const tables = await tableFingerprint(t.db);
    delete tables.sessions;
    const sessions = await t.db.prisma.session.findMany({
      orderBy: { id: 'asc' },
      omit: { lastSeenAt: true },
    });
    const attempts = await t.db.prisma.loginAttempt.count();
    return { tables, sessions, attempts };
  }
});
