import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
} from '../../test/factories.js';
import type { TestUser } from '../../test/factories.js';
import {
  DESKTOP_CHROME,
  IPHONE_SAFARI,
  call,
  deviceCodeFromMail,
  freshIp,
  newFingerprint,
  sessionCookieOf,
  signInRequest,
} from '../auth/sign-in.fixtures.js';

/**
 * The whole journey a client application sees: the user signs in at the portal (password, a
 * new device verified with the e-mailed code), chooses the company, the browser is sent to the
 * client's redirect with `code` and `com`, and the client's server exchanges them.
 */
describe('sign-in to code exchange, end to end', () => {
  let t: TestApp;
  let peer: MailPeer;
  let company: { id: string; name: string };
  let appId: string;
  const redirect = 'https://crm.example.test/callback';

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    await bootstrapPlatform(t);
    appId = (await createApp(t, { name: 'CRM', roles: ['viewer', 'editor'] })).id;
    company = await createCompany(t);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  async function member(): Promise<TestUser> {
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId, user, roles: ['viewer'] });
    return user;
  }

  /** Password, device_add, the mailed code, /v1/device/verify, /v1/auth/com: the redirect. */
  async function signInAndChoose(
    user: TestUser,
    client: { id: string },
    ua: string,
    challenge?: string,
  ) {
    const ip = freshIp();
    const options = { ip, ua };
    const signIn = await signInRequest(
      t,
      {
        uname: user.username,
        pass: user.password,
        client: client.id,
        redirect,
        dcd: newFingerprint(),
      },
      options,
    );
    expect(signIn.json()).toMatchObject({ Code: 'device_add' });
    const otpref = (signIn.json() as { Msg: { otpref: string } }).Msg.otpref;
    const otp = await deviceCodeFromMail(peer, user.email);
    const verified = await call(t, 'POST', '/v1/device/verify', { refid: otpref, otp }, options);
    expect(verified.json()).toMatchObject({ Code: '200' });
    const cookie = sessionCookieOf(verified)?.cookie;
    expect(cookie).toBeDefined();
    const chosen = await call(
      t,
      'POST',
      '/v1/auth/com',
      { com: company.id, client: client.id, ...(challenge ? { code: challenge } : {}) },
      { ...options, cookie: cookie! },
    );
    expect(chosen.json()).toMatchObject({ Code: '200', Msg: { com: company.id, app: 'CRM' } });
    const landing = new URL((chosen.json() as { Msg: { redirect: string } }).Msg.redirect);
    expect(`${landing.origin}${landing.pathname}`).toBe(redirect);
    return {
      cookie: cookie!,
      code: landing.searchParams.get('code') ?? '',
      com: landing.searchParams.get('com') ?? '',
    };
  }

  it('exchanges the code of a real sign-in; its replay ends the browser session', async () => {
    const client = await createClient(t, { appId, redirect });
    const user = await member();
    const { cookie, code, com } = await signInAndChoose(user, client, DESKTOP_CHROME);
    expect(com).toBe(company.id);

    const exchange = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/exchange',
        payload: { client: client.id, secret: client.secret, code, com },
      });
    const answer = await exchange();
    expect(answer.json()).toEqual({
      Code: '200',
      Msg: {
        user: {
          id: user.id,
          username: user.username,
          email: user.email,
          dis: user.displayName,
          fname: '',
          lname: '',
        },
        company: { id: company.id, name: company.name },
        roles: ['viewer'],
      },
    });
    const details = () =>
      t.app.inject({ method: 'GET', url: '/v1/auth/details', headers: { cookie } });
    expect((await details()).json()).toMatchObject({ Code: '200' });

    expect((await exchange()).json()).toMatchObject({ Code: 'code_invalid' });
    expect((await details()).json()).toMatchObject({ Code: 'session_invalid' });
  });

  it('exchanges a custom_hash client’s code with the verifier of its challenge', async () => {
    const client = await createClient(t, { appId, redirect, platform: 'ios', customHash: true });
    const user = await member();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const { code, com } = await signInAndChoose(user, client, IPHONE_SAFARI, challenge);

    const exchange = (hash: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/exchange',
        payload: { client: client.id, hash, code, com },
      });
    expect((await exchange(verifier)).json()).toMatchObject({
      Code: '200',
      Msg: { user: { id: user.id }, roles: ['viewer'] },
    });
  });
});
