import { PORTAL_CLIENT_ID } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import {
  GOOD_PASSWORD,
  b64,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';
import { knownDevice, signInRequest } from '../auth/sign-in.fixtures.js';
import { sha256 } from '../credentials/tokens.js';
import type { ListeningApp, OidcMember } from './oidc.fixtures.js';
import { openSession } from '../sessions/session-store.js';
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
 * Each action below ends the OIDC credentials issued before it (found missing for some by
 * hostile testing, 2026-11-28) (docs/oidc.md, "Sessions are one"; docs/users-admin.md; docs/administration.md).
 * sessions-are-one.test.ts covers sign-out, an administrator's reset, removing access to the
 * company and blocking a device; these cover the other actions.
 */
describe('OIDC credentials end with the action that ends the sign-in', () => {
  let t: ListeningApp;
  let appId: string;
  let client: { id: string; secret: string };
  let config: oidc.Configuration;

  async function configFor(c: { id: string; secret: string }) {
    return discoverAs(t, c);
  }

  beforeAll(async () => {
    t = await startListeningApp();
    appId = (await memberOfApp(t)).appId;
    client = await addOidcClient(t, appId);
    config = await configFor(client);
  });
  afterAll(() => t.close());

  /** A member of a fresh company with `viewer` on `app`, on the known device 'oidc-browser'. */
  async function member(app = appId): Promise<OidcMember> {
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: app, user, roles: ['viewer'] });
    await knownDevice(t, user.id, 'oidc-browser');
    return { ...user, companyId: company.id, companyName: company.name };
  }

  async function authorize(c: oidc.Configuration, person: OidcMember, browser: Browser) {
    const { url, verifier } = await pkceAuthorization(c);
    const landed = await signInThroughPortal(browser, url.href, person);
    return { landed: new URL(landed), verifier };
  }

  async function signIn(person: OidcMember, c = config, browser = new Browser(t.origin)) {
    const { landed, verifier } = await authorize(c, person, browser);
    const tokens = await oidc.authorizationCodeGrant(c, landed, { pkceCodeVerifier: verifier });
    // Live before the action: the action, not something else, must end it.
    expect((await oidc.tokenIntrospection(c, tokens.access_token)).active).toBe(true);
    return { tokens, browser };
  }

  /**
   * The person's browser's sign-in reaches its time to live (no row changes when it does: the
   * time passes); answers the browser's device.
   */
  async function signInReachesItsEnd(person: { id: string }) {
    const device = await t.db.prisma.device.findFirstOrThrow({ where: { userId: person.id } });
    const expired = await t.db.prisma.session.updateMany({
      where: { userId: person.id, deviceId: device.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(expired.count).toBeGreaterThan(0);
    return device;
  }

  /** The person signs in to the portal again on that device (opened idle when it must be confirmed). */
  async function portalSignInOn(
    person: OidcMember,
    deviceId: string,
    options: { needsConfirmation: boolean },
  ) {
    const portal = await t.db.prisma.client.findUniqueOrThrow({ where: { id: PORTAL_CLIENT_ID } });
    await t.db.prisma.$transaction((tx) =>
      openSession(tx, {
        userId: person.id,
        client: portal,
        deviceId,
        companyId: person.companyId,
        needsConfirmation: options.needsConfirmation,
      }),
    );
  }

  async function expectEnded(tokens: oidc.TokenEndpointResponse, c = config) {
    expect((await oidc.tokenIntrospection(c, tokens.access_token)).active).toBe(false);
    await expect(oidc.refreshTokenGrant(c, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  }

  it('an unused authorization code is dead after the portal sign-out', async () => {
    const person = await member();
    const browser = new Browser(t.origin);
    const { landed, verifier } = await authorize(config, person, browser);
    expect((await browser.call('/v1/auth/signout', {})).Code).toBe('200');
    await expect(
      oidc.authorizationCodeGrant(config, landed, { pkceCodeVerifier: verifier }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('blocking the account by failed passwords ends the grants', async () => {
    const person = await member();
    const { tokens } = await signIn(person);
    let last = '';
    for (let i = 0; i < 5; i += 1) {
      const answer = await signInRequest(t, {
        uname: person.username,
        pass: 'Wrong-password-1',
        client: PORTAL_CLIENT_ID,
        dcd: 'oidc-browser',
      });
      last = answer.json().Code;
    }
    expect(last).toBe('account_blocked');
    await expectEnded(tokens);
  });

  it('erasing the account ends the grants', async () => {
    const person = await member();
    const { tokens } = await signIn(person);
    const deletable = await createClient(t, { appId, allowDelete: true });
    const session = await openTestSession(t, person, {
      companyId: person.companyId,
      clientId: deletable.id,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/delete',
      headers: { cookie: session.cookie },
      payload: { password: b64(GOOD_PASSWORD) },
    });
    expect(response.json()).toMatchObject({ Code: '200' });
    await expectEnded(tokens);
  });

  it('removing the company ends the grants made for it', async () => {
    const person = await member();
    const { tokens } = await signIn(person);
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/coms/remove?id=${person.companyId}`,
      headers: { cookie: t.admin },
      payload: {},
    });
    expect(response.json()).toMatchObject({ Code: '200' });
    await expectEnded(tokens);
  });

  it('removing the device (not blocking it) ends the grants made on it', async () => {
    const person = await member();
    const { tokens } = await signIn(person);
    const device = await t.db.prisma.device.findFirstOrThrow({ where: { userId: person.id } });
    const elsewhere = await openTestSession(t, person, { companyId: person.companyId });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/devices/remove',
      headers: { cookie: elsewhere.cookie },
      payload: { id: device.id },
    });
    expect(response.json()).toMatchObject({ Code: '200' });
    await expectEnded(tokens);
  });

  it("an administrator taking away the client's application (the person stays in the company) ends that client's grants", async () => {
    const person = await member();
    // The person keeps another application in the company: they stay a member.
    const otherApp = await createApp(t, { roles: ['viewer'] });
    await grantAccess(t, {
      companyId: person.companyId,
      appId: otherApp.id,
      user: person,
      roles: ['viewer'],
    });
    const { tokens } = await signIn(person);
    const admin = await signedInMember(t, person.companyId, ['admin']);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/users/role/update',
      headers: { cookie: admin.session.cookie },
      payload: { email: person.email, data: [{ app: appId, roles: [] }] },
    });
    expect(response.json()).toMatchObject({ Code: '200' });
    expect(
      await t.db.prisma.access.count({
        where: { userId: person.id, companyId: person.companyId, appId },
      }),
    ).toBe(0);
    await expectEnded(tokens);
  });

  it("the platform removing a person's only role (their access in the company goes with it) ends the grants", async () => {
    const app = await createApp(t, { roles: ['only'] });
    const roleClient = await addOidcClient(t, app.id);
    const roleConfig = await configFor(roleClient);
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['only'] });
    await knownDevice(t, user.id, 'oidc-browser');
    const person = { ...user, companyId: company.id, companyName: company.name };
    const { tokens } = await signIn(person, roleConfig);

    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/roles/remove?id=only&app=${app.id}`,
      headers: { cookie: t.admin },
      payload: {},
    });
    expect(response.json()).toMatchObject({ Code: '200' });
    // Nothing is left of the person in that company.
    expect(
      await t.db.prisma.access.count({ where: { userId: user.id, companyId: company.id } }),
    ).toBe(0);
    await expectEnded(tokens, roleConfig);
  });

  it('deleting the client: its access token no longer answers userinfo', async () => {
    const doomed = await addOidcClient(t, appId);
    const doomedConfig = await configFor(doomed);
    const person = await member();
    const { tokens } = await signIn(person, doomedConfig);
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/clients/remove?id=${doomed.id}`,
      headers: { cookie: t.admin },
      payload: {},
    });
    expect(response.json()).toMatchObject({ Code: '200' });
    const userinfo = await fetch(`${t.issuer}/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(401);
    expect(await t.db.prisma.oidcGrant.count({ where: { clientId: doomed.id } })).toBe(0);
  });

  it("a single-session client: a sign-in on another device ends the first device's grants with its session", async () => {
    const single = await addOidcClient(t, appId, { allow_multiple_sessions: false });
    const singleConfig = await configFor(single);
    const person = await member();
    await knownDevice(t, person.id, 'second-browser');
    const first = await signIn(person, singleConfig);
    // The same person signs in on another device (another browser, another fingerprint).
    const { url } = await pkceAuthorization(singleConfig);
    const other = new Browser(t.origin);
    const interaction = await other.follow(url.href);
    const sso = new URL(await other.follow(interaction));
    const login = await other.call('/v1/auth', {
      uname: b64(person.username),
      pass: b64(GOOD_PASSWORD),
      client: sso.searchParams.get('client'),
      redirect: sso.searchParams.get('redir'),
      dcd: 'second-browser',
    });
    expect(login.Code).toBe('200');
    // The first browser's Portico session ended ("replaced" by the other device)...
    expect((await first.browser.request('/v1/auth/details')).status).not.toBe(200);
    const firstDevice = await t.db.prisma.device.findFirstOrThrow({
      where: { userId: person.id, fingerprintHash: sha256('oidc-browser') },
    });
    expect(
      await t.db.prisma.session.count({
        where: { userId: person.id, deviceId: firstDevice.id, endedAt: null },
      }),
    ).toBe(0);
    // ...so the sign-in on that device is over: its tokens must be too.
    await expectEnded(first.tokens, singleConfig);
  });

  it('rotating the secret: the old secret refreshes nothing, the new one keeps the sign-in', async () => {
    const rotating = await addOidcClient(t, appId);
    const before = await configFor(rotating);
    const person = await member();
    const { tokens } = await signIn(person, before);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/clients/update',
      headers: { cookie: t.admin },
      payload: {
        id: rotating.id,
        app: appId,
        desc: 'Relying party',
        redirect: 'https://rp.example.test/portico',
        platform: 'web',
        domain: 'rp.example.test',
        custom_hash: false,
        allow_delete: false,
        allow_multiple_sessions: true,
        secret: 'rotate',
      },
    });
    const answer = response.json() as { Code: string; Msg: { client_secret: string } };
    expect(answer.Code).toBe('200');
    // The provider answers 401 with a WWW-Authenticate challenge naming invalid_client.
    const refused = await oidc.refreshTokenGrant(before, tokens.refresh_token!).then(
      () => undefined,
      (error: unknown) =>
        error as { status?: number; cause?: { parameters?: { error?: string } }[] },
    );
    expect(refused?.status).toBe(401);
    expect(refused?.cause?.[0]?.parameters?.error).toBe('invalid_client');
    const after = await configFor({ id: rotating.id, secret: answer.Msg.client_secret });
    const refreshed = await oidc.refreshTokenGrant(after, tokens.refresh_token!);
    expect(refreshed.access_token).toEqual(expect.any(String));
  });

  it('a Portico sign-in past its time to live ends the tokens of its grants', async () => {
    const person = await member();
    const { tokens } = await signIn(person);
    await signInReachesItsEnd(person);
    await expectEnded(tokens);
  });

  it("another live sign-in of the same browser keeps the grant's tokens", async () => {
    const person = await member();
    const { tokens } = await signIn(person);
    const device = await signInReachesItsEnd(person);
    // The browser signs in again (its sign-in continues, as an auto-login's would).
    await portalSignInOn(person, device.id, { needsConfirmation: false });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).toEqual(expect.any(String));
  });

  it('disabling the application ends the tokens its clients were given', async () => {
    const disabled = await createApp(t, { roles: ['viewer'] });
    const itsClient = await addOidcClient(t, disabled.id);
    const itsConfig = await configFor(itsClient);
    const person = await member(disabled.id);
    const { tokens } = await signIn(person, itsConfig);

    await t.db.prisma.application.update({ where: { id: disabled.id }, data: { status: 0 } });

    // Its own client, and a resource server that presents the token at userinfo. (Introspection
    // by another client would say inactive whatever the grant: it answers own tokens only.)
    await expectEnded(tokens, itsConfig);
    await expect(
      oidc.fetchUserInfo(itsConfig, tokens.access_token, oidc.skipSubjectCheck),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('a sign-in of the same browser still waiting for its confirmation keeps them ended', async () => {
    const person = await member();
    const { tokens } = await signIn(person);
    const device = await signInReachesItsEnd(person);
    // Someone with the password but not the PIN (or the second factor) signs in on that browser:
    // the session opens idle and nothing is proven until the confirmation lifts it.
    await portalSignInOn(person, device.id, { needsConfirmation: true });
    await expectEnded(tokens);
  });
});
