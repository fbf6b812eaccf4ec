import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { signedInMember } from '../../test/factories.js';
import type { ListeningApp, OidcMember } from './oidc.fixtures.js';
import {
  Browser,
  OIDC_TEST_SECRET,
  RP_CALLBACK,
  addOidcClient,
  discoverAs,
  handOverThroughPortal,
  memberOfApp,
  pkceAuthorization,
  startListeningApp,
} from './oidc.fixtures.js';
import { prismaAdapter } from './adapter.js';
import { revokeGrantsWhere } from './grants.js';

/**
 * A revoked grant stays revoked: the provider's Grant record (oidc_records, model Grant, keyed
 * by its own id and carrying no grant id) must go with the grant's codes and tokens, and a
 * Grant whose oidc_grants row is gone must read as absent. Otherwise a grant that Portico ended
 * (sign-out, access removed, a reused refresh token) could still be loaded by an authorization
 * that resumes after the end, or vouch for a token saved by a request in flight at the end
 * (introspection then answers it active).
 */
describe('a revoked OIDC grant', () => {
  let t: ListeningApp;
  let member: OidcMember;
  let client: { id: string; secret: string };
  let config: oidc.Configuration;
  const grants = () => prismaAdapter(t.db, OIDC_TEST_SECRET)('Grant');

  beforeAll(async () => {
    t = await startListeningApp();
    const setup = await memberOfApp(t);
    member = setup.member;
    client = await addOidcClient(t, setup.appId);
    config = await discoverAs(t, client);
  });
  afterAll(() => t.close());

  /**
   * The authorization through the portal's journey up to the provider's resume URL: the
   * hand-over has recorded the grant, the browser has not come back to the provider yet.
   */
  async function upToResume(browser: Browser) {
    const { url, verifier } = await pkceAuthorization(config);
    const resume = await handOverThroughPortal(browser, url.href, member);
    return { resume, verifier };
  }

  async function signedIn() {
    const browser = new Browser(t.origin);
    const { resume, verifier } = await upToResume(browser);
    const landed = new URL(await browser.follow(resume));
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
    });
    return { tokens, browser };
  }

  it('leaves no Grant record behind, and one without its oidc_grants row reads as absent', async () => {
    const { tokens } = await signedIn();
    const row = await t.db.prisma.oidcGrant.findFirstOrThrow({
      where: { userId: member.id, clientId: client.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(await grants().find(row.grantId)).toBeDefined();

    await t.db.prisma.$transaction((tx) => revokeGrantsWhere(tx, { grantId: row.grantId }));
    expect(await grants().find(row.grantId)).toBeUndefined();
    expect(await t.db.prisma.oidcRecord.count({ where: { model: 'Grant', id: row.grantId } })).toBe(
      0,
    );
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
  });

  it('a Grant record whose oidc_grants row is gone vouches for no token', async () => {
    const { tokens } = await signedIn();
    const row = await t.db.prisma.oidcGrant.findFirstOrThrow({
      where: { userId: member.id, clientId: client.id },
      orderBy: { createdAt: 'desc' },
    });
    // What a request in flight at a revocation leaves: its tokens and the Grant record were
    // saved after the revocation deleted the grant's rows, its oidc_grants row is gone.
    await t.db.prisma.oidcGrant.delete({ where: { grantId: row.grantId } });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    expect((await oidc.tokenIntrospection(config, tokens.refresh_token!)).active).toBe(false);
    expect(await grants().find(row.grantId)).toBeUndefined();
  });

  it('a refresh token presented at once: whatever the winner got dies with the revoked grant', async () => {
    // The losers' reuse revokes the grant while the winner saves its new tokens: whichever
    // lands last, none of them may be live afterwards. Several rounds, as the order varies.
    const survivors: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const { tokens } = await signedIn();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          fetch(`${t.issuer}/token`, {
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
            },
            body: new URLSearchParams({
              grant_type: 'refresh_token',
              refresh_token: tokens.refresh_token!,
            }),
          }).then((answer) => answer.json() as Promise<Partial<oidc.TokenEndpointResponse>>),
        ),
      );
      for (const answer of answers) {
        for (const token of [answer.access_token, answer.refresh_token]) {
          if (token && (await oidc.tokenIntrospection(config, token)).active) survivors.push(token);
        }
      }
    }
    expect(survivors).toEqual([]);
  });

  it('an authorization resumed after an administrator removed the access issues no code', async () => {
    const browser = new Browser(t.origin);
    const { resume } = await upToResume(browser);
    const admin = await signedInMember(t, member.companyId, ['admin']);
    const removal = await t.app.inject({
      method: 'POST',
      url: '/v1/user/company/remove',
      headers: { cookie: admin.session.cookie },
      payload: { email: member.email },
    });
    expect(removal.json()).toMatchObject({ Code: '200' });

    const answer = new URL(await browser.follow(resume));
    // Back to a sign-in (a new interaction), never to the client with a code.
    expect(answer.searchParams.get('code')).toBeNull();
    expect(`${answer.origin}${answer.pathname}`).not.toBe(RP_CALLBACK);
  });
});
