import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import {
  GOOD_PASSWORD,
  createClient,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import { knownDevice } from '../auth/sign-in.fixtures.js';
import type { ListeningApp, OidcMember } from '../oidc/oidc.fixtures.js';
import { deleteOwnAccount } from './erasure.fixtures.js';
import {
  Browser,
  RP_CALLBACK,
  addOidcClient,
  memberOfApp,
  signInThroughPortal,
  startListeningApp,
} from '../oidc/oidc.fixtures.js';

/**
 * The OpenID Provider keeps its own records of a sign-in (oidc_records): the browser's provider
 * session and its interactions name the account by id, and an authorization request may carry
 * the e-mail (login_hint). Erasing the account must leave none of them (found by hostile
 * testing: the grants' codes and tokens went, the session and interactions stayed).
 */
describe('erasing an account that signed in through the OpenID Provider', () => {
  let t: ListeningApp;
  let appId: string;
  let member: OidcMember;
  let config: oidc.Configuration;

  beforeAll(async () => {
    t = await startListeningApp();
    ({ appId, member } = await memberOfApp(t));
    const client = await addOidcClient(t, appId);
    config = await oidc.discovery(
      new URL(t.issuer),
      client.id,
      undefined,
      oidc.ClientSecretBasic(client.secret),
      { execute: [oidc.allowInsecureRequests] },
    );
  });
  afterAll(() => t.close());

  /** Every provider record that names `values`, by model. */
  async function recordsNaming(values: string[]) {
    const rows = await t.db.prisma.oidcRecord.findMany({ select: { model: true, payload: true } });
    return rows
      .filter((row) => values.some((value) => JSON.stringify(row.payload).includes(value)))
      .map((row) => row.model);
  }

  it('leaves no provider session, interaction or request naming the person', async () => {
    const browser = new Browser(t.origin);
    const authorize = async () => {
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: RP_CALLBACK,
        scope: 'openid email',
        login_hint: member.email,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return { url, verifier };
    };
    const bystander = await createUser(t);
    await grantAccess(t, {
      companyId: member.companyId,
      appId,
      user: bystander,
      roles: ['viewer'],
    });
    await knownDevice(t, bystander.id, 'oidc-browser');
    const theirs = await authorize();
    await signInThroughPortal(new Browser(t.origin), theirs.url.href, {
      ...bystander,
      companyId: member.companyId,
    });
    const first = await authorize();
    const landed = await signInThroughPortal(browser, first.url.href, member);
    await oidc.authorizationCodeGrant(config, new URL(landed), {
      pkceCodeVerifier: first.verifier,
    });
    // A second authorization left halfway: its interaction waits for the portal.
    const second = await authorize();
    await browser.follow(second.url.href);
    expect(await recordsNaming([member.id, member.email])).toEqual(
      expect.arrayContaining(['Session', 'Interaction']),
    );

    const deletable = await createClient(t, { appId, allowDelete: true });
    const session = await openTestSession(t, member, {
      companyId: member.companyId,
      clientId: deletable.id,
    });
    const res = await deleteOwnAccount(t, session.cookie, GOOD_PASSWORD);
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(await recordsNaming([member.id, member.email])).toEqual([]);
    // Another person's provider session and grant stay.
    expect(await recordsNaming([bystander.id])).toEqual(
      expect.arrayContaining(['Session', 'Grant']),
    );
  });
});
