import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
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
 * `auth_time` and `max_age` count from when the person last gave their credentials in the
 * browser (OpenID Connect Core 3.1.2.1), not from the last authorization an auto-login (SSO)
 * completed: otherwise any authorization of any client in the browser would make the sign-in
 * look fresh, and a client's `max_age` would let a days-old password through.
 */
describe('OIDC auth_time and max_age after auto-logins', () => {
  let t: ListeningApp;
  let member: OidcMember;
  let config: oidc.Configuration;

  beforeAll(async () => {
    t = await startListeningApp();
    const setup = await memberOfApp(t);
    member = setup.member;
    const client = await addOidcClient(t, setup.appId);
    config = await discoverAs(t, client);
  });
  afterAll(() => t.close());

  async function authorization(extra: Record<string, string> = {}) {
    return pkceAuthorization(config, extra);
  }

  it('answers the time of the password, and asks for it again past max_age', async () => {
    const browser = new Browser(t.origin);
    const before = Math.floor(Date.now() / 1000);
    const first = await authorization();
    await signInThroughPortal(browser, first.url.href, member);
    const passwordAt = Math.floor(Date.now() / 1000);
    await sleep(2100);

    // An authorization completed by auto-login: the password is still the authentication.
    const second = await authorization({ max_age: '3600' });
    const landed = await signInThroughPortal(browser, second.url.href, member);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(landed), {
      pkceCodeVerifier: second.verifier,
      maxAge: 3600,
    });
    const authTime = tokens.claims()?.auth_time;
    expect(authTime).toBeGreaterThanOrEqual(before);
    expect(authTime).toBeLessThanOrEqual(passwordAt);

    // The password is more than a second old, whatever the auto-login just did.
    const third = await authorization({ max_age: '1' });
    const interaction = await browser.follow(third.url.href);
    const portal = new URL(await browser.follow(interaction));
    expect(portal.pathname).toBe('/sso');
    expect(portal.searchParams.get('prompt')).toBe('login');

    // Given again, the password is the new authentication.
    const againAt = Math.floor(Date.now() / 1000);
    const fourth = await authorization({ max_age: '1' });
    const fresh = await signInThroughPortal(browser, fourth.url.href, member);
    const renewed = await oidc.authorizationCodeGrant(config, new URL(fresh), {
      pkceCodeVerifier: fourth.verifier,
      maxAge: 1,
    });
    expect(renewed.claims()?.auth_time).toBeGreaterThanOrEqual(againAt);
  });
});
