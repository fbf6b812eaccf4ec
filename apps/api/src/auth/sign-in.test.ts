import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID, SESSION_COOKIE } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  b64,
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';
import { call, freshIp, knownDevice, sessionCookieOf, signInRequest } from './sign-in.fixtures.js';

describe('auth.signIn', () => {
  let t: TestApp;
  let peer: MailPeer;

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    await bootstrapPlatform(t);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  /** A user with company-level access to the given companies and a known device. */
  async function member(companyNames: string[] = ['Acme']) {
    const user = await createUser(t);
    const companies = [];
    for (const name of companyNames) {
      const company = await createCompany(t, { name });
      await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
      companies.push(company);
    }
    await knownDevice(t, user.id);
    return { user, companies };
  }

  it('signs in with one company: 200, the login answer and a session cookie', async () => {
    const { user, companies } = await member(['Solo Bank']);
    const ip = freshIp();
    const response = await signInRequest(
      t,
      { uname: user.username.toUpperCase(), pass: user.password },
      { ip },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Code: '200',
      Msg: {
        companies: [{ id: companies[0]?.id, name: 'Solo Bank', img: '' }],
        retries_left: 5,
        avatar: '',
        dis: user.displayName,
        is_pin_enabled: false,
        is_biometrics_enabled: false,
        is_passkey_enabled: false,
        has_pin_setup: false,
        has_passkey_setup: false,
        has_totp_setup: false,
        second_factor_required: false,
      },
    });
    const cookie = sessionCookieOf(response);
    expect(cookie).toBeDefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'max-age=604800']),
    );
    // PUBLIC_URL is plain http on localhost: a browser would drop a Secure cookie there.
    expect(cookie?.attributes).not.toContain('secure');

    const sessions = await t.db.prisma.session.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.tokenHash).toBe(sha256(cookie?.value ?? ''));
    expect(JSON.stringify(sessions)).not.toContain(cookie?.value);
    expect(sessions[0]).toMatchObject({ clientId: PORTAL_CLIENT_ID, ip, endedAt: null });

    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.lastLoginAt).not.toBeNull();
    const attempts = await t.db.prisma.loginAttempt.findMany({ where: { userId: user.id } });
    expect(attempts).toMatchObject([
      { success: true, username: user.username, clientId: PORTAL_CLIENT_ID, ip },
    ]);
    const audit = await t.db.prisma.auditEvent.findMany({
      where: { actorId: user.id, action: 'auth.sign_in' },
    });
    expect(audit).toMatchObject([{ clientId: PORTAL_CLIENT_ID, ip, target: user.id }]);
    expect(JSON.stringify(audit.map((a) => a.details))).not.toContain(user.password);

    // The session works: the details call accepts the cookie.
    const details = await call(t, 'GET', '/v1/auth/details', undefined, {
      cookie: cookie?.cookie ?? '',
    });
    expect(details.json()).toMatchObject({ Code: '200', Msg: { client: PORTAL_CLIENT_ID } });
  });

  it('lists every company with verified access, by name; accepts the e-mail as login', async () => {
    const { user } = await member(['Zeta Trust', 'Alpha Savings']);
    const response = await signInRequest(t, { uname: user.email, pass: user.password });
    expect(response.statusCode).toBe(200);
    const names = (response.json() as { Msg: { companies: { name: string }[] } }).Msg.companies;
    expect(names.map((c) => c.name)).toEqual(['Alpha Savings', 'Zeta Trust']);
  });

  it('gives a new token at every sign-in', async () => {
    const { user } = await member();
    const first = sessionCookieOf(
      await signInRequest(t, { uname: user.username, pass: user.password }),
    );
    const second = sessionCookieOf(
      await signInRequest(t, { uname: user.username, pass: user.password }),
    );
    expect(first?.value).toBeDefined();
    expect(second?.value).toBeDefined();
    expect(first?.value).not.toBe(second?.value);
    // The portal client allows several sessions: both stay live.
    const live = await t.db.prisma.session.count({ where: { userId: user.id, endedAt: null } });
    expect(live).toBe(2);
  });

  describe('bad input', () => {
    const valid = () => ({
      uname: b64('someone_1'),
      pass: b64('Secret123'),
      client: PORTAL_CLIENT_ID,
      redirect: '/',
      dcd: 'fp',
    });
    const { uname: _u, ...missingUname } = valid();
    const cases: [string, unknown][] = [
      ['a missing field', missingUname],
      ['a wrong type', { ...valid(), client: 42 }],
      ['an over-long field', { ...valid(), dcd: 'x'.repeat(257) }],
      ['an over-long username', { ...valid(), uname: b64('u'.repeat(2000)) }],
      ['bad base64', { ...valid(), pass: 'not base64!' }],
      [
        'base64 of invalid UTF-8',
        { ...valid(), pass: Buffer.from([0xff, 0xfe]).toString('base64') },
      ],
      ['an extra field', { ...valid(), admin: true }],
      ['no body', undefined],
    ];
    it.each(cases)(
      'answers incomplete_param for %s and records nothing',
      async (_name, payload) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/v1/auth',
          remoteAddress: freshIp(),
          headers: { 'content-type': 'application/json' },
          payload: payload === undefined ? '' : JSON.stringify(payload),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ Code: 'incomplete_param' });
        expect(response.body).not.toMatch(/stack|prisma|SELECT/i);
        expect(await t.db.prisma.loginAttempt.count({ where: { username: 'someone_1' } })).toBe(0);
      },
    );
  });
});

describe('auth.signIn behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://sso.example.test' });
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  it('marks the cookie Secure and names it __Host-, and reads it back by that name', async () => {
    const user = await createUser(t);
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: ['owner'] });
    await knownDevice(t, user.id);
    const response = await signInRequest(t, { uname: user.username, pass: user.password });
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieOf(response);
    expect(cookie?.name).toBe(`__Host-${SESSION_COOKIE}`);
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']),
    );
    expect(cookie?.attributes.some((a) => a.startsWith('domain='))).toBe(false);
    const details = (cookieHeader: string) =>
      t.app.inject({ method: 'GET', url: '/v1/auth/details', headers: { cookie: cookieHeader } });
    expect((await details(cookie?.cookie ?? '')).statusCode).toBe(200);
    // The unprefixed name, which a sibling subdomain could plant, is not read at all.
    expect((await details(`${SESSION_COOKIE}=${cookie?.value}`)).json().Code).toBe('auth_invalid');
  });
});
