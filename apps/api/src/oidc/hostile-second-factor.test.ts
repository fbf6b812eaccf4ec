import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearOfStepEnd } from '../mfa/totp/totp.fixtures.js';
import * as oidc from 'openid-client';
import { generate } from 'otplib';
import { GOOD_PASSWORD, b64, grantAccess, openTestSession } from '../../test/factories.js';
import type { ListeningApp, OidcMember } from './oidc.fixtures.js';
import {
  Browser,
  addOidcClient,
  discoverAs,
  memberOfApp,
  pkceAuthorization,
  signInThroughPortal,
  startListeningApp,
} from './oidc.fixtures.js';

/**
 * Second factors on the OpenID Connect path (docs/mfa.md): a sign-in that awaits its second
 * factor cannot get a code by going straight to the company choice, auto-login or the console's
 * company switch; a client that requires a second factor is not reached through auto-login by
 * a person who has none.
 */
describe('second factors through the OpenID Provider', () => {
  let t: ListeningApp;
  let appId: string;

  beforeAll(async () => {
    t = await startListeningApp();
    appId = (await memberOfApp(t)).appId;
  });
  afterAll(() => t.close());
  // Its codes are made for steps relative to now: keep the step from ending under them.
  beforeEach(() => clearOfStepEnd());

  async function configFor(c: { id: string; secret: string }) {
    return discoverAs(t, c);
  }

  async function authorizationUrl(config: oidc.Configuration) {
    return pkceAuthorization(config);
  }

  /** A member (fresh company, `viewer` on the app) with an authenticator app in use. */
  async function memberWithApp(): Promise<{ person: OidcMember; secret: string }> {
    const { member } = await memberOfApp(t);
    await grantAccess(t, { companyId: member.companyId, appId, user: member, roles: ['viewer'] });
    const { cookie } = await openTestSession(t, member);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const setup = await post('/v1/mfa/totp/setup', { password: b64(GOOD_PASSWORD) });
    const { secret } = setup.json().Msg as { secret: string };
    const confirmed = await post('/v1/mfa/totp/confirm', {
      code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }),
    });
    expect(confirmed.json().Code).toBe('200');
    return { person: member, secret };
  }

  it('gives no code to a sign-in that skips its authenticator code, and one once it is given', async () => {
    const client = await addOidcClient(t, appId);
    const config = await configFor(client);
    const { person, secret } = await memberWithApp();
    const browser = new Browser(t.origin);
    const { url } = await authorizationUrl(config);
    const interaction = await browser.follow(url.href);
    const sso = new URL(await browser.follow(interaction));
    const redir = sso.searchParams.get('redir')!;
    const login = await browser.call('/v1/auth', {
      uname: b64(person.username),
      pass: b64(GOOD_PASSWORD),
      client: client.id,
      redirect: redir,
      dcd: 'oidc-browser',
    });
    expect(login).toMatchObject({ Code: '200', Msg: { has_totp_setup: true } });

    // Straight on, without the code: every way to a company (and so to a code) is closed.
    const codesBefore = await t.db.prisma.exchangeCode.count({ where: { userId: person.id } });
    const choice = await browser.call('/v1/auth/com', { com: person.companyId, client: client.id });
    expect(choice.Code).toBe('session_expired');
    const auto = await browser.call('/v1/auth/autologin', { client: client.id, redirect: redir });
    expect(auto.Code).toBe('session_expired');
    const sw = await browser.call('/v1/session/com', { com: person.companyId });
    expect(sw.Code).toBe('session_expired');
    expect(await t.db.prisma.exchangeCode.count({ where: { userId: person.id } })).toBe(
      codesBefore,
    );
    // The hand-over without a code refuses the authorization.
    const refused = new URL(await browser.follow(await browser.follow(redir)));
    expect(refused.searchParams.get('error')).toBe('access_denied');
    expect(refused.searchParams.get('code')).toBeNull();

    // A new authorization, confirmed with the app's code: signed in.
    const second = await authorizationUrl(config);
    const secondSso = new URL(await browser.follow(await browser.follow(second.url.href)));
    const secondRedir = secondSso.searchParams.get('redir')!;
    const confirmed = await browser.call('/v1/auth/reauth', {
      credential_type: 'totp',
      credential_value: await generate({ secret }),
      client: client.id,
      redirect: secondRedir,
    });
    expect(confirmed.Code).toBe('200');
    const chosen = await browser.call('/v1/auth/com', {
      com: person.companyId,
      client: client.id,
    });
    expect(chosen.Code).toBe('200');
    const { code, com } = chosen.Msg as { code: string; com: string };
    const landed = new URL(
      await browser.follow(
        await browser.follow(`${secondRedir}?${new URLSearchParams({ code, com })}`),
      ),
    );
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: second.verifier,
    });
    expect(tokens.claims()?.sub).toBe(person.id);
  });

  it('does not sign a person without a factor in by auto-login to a client that requires one', async () => {
    const plain = await addOidcClient(t, appId);
    const strict = await addOidcClient(t, appId, { second_factor_required: true });
    const { member } = await memberOfApp(t);
    await grantAccess(t, { companyId: member.companyId, appId, user: member, roles: ['viewer'] });
    const browser = new Browser(t.origin);
    // Signed in to the plain client first (no factor needed there).
    const plainConfig = await configFor(plain);
    await signInThroughPortal(browser, (await authorizationUrl(plainConfig)).url.href, member);

    const strictConfig = await configFor(strict);
    const { url } = await authorizationUrl(strictConfig);
    await expect(signInThroughPortal(browser, url.href, member)).rejects.toThrow(
      /second_factor_required/,
    );
    const grants = await t.db.prisma.oidcGrant.count({
      where: { userId: member.id, clientId: strict.id },
    });
    expect(grants).toBe(0);
  });
});
