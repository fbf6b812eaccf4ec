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

const DAY = 86_400;

/**
 * A grant lives as long as the tokens issued under it: the provider refuses a refresh token
 * whose Grant record has expired ("grant not found"), so a Grant fixed at 14 days cut a client's
 * 30-day refresh tokens short, whatever the client's settings said. The Portico sign-in still
 * bounds them all (liveGrant, docs/oidc.md "Sessions are one").
 */
describe('the lifetime of an OIDC grant', () => {
  let t: ListeningApp;
  let member: OidcMember;
  let appId: string;

  beforeAll(async () => {
    t = await startListeningApp();
    ({ member, appId } = await memberOfApp(t));
  });
  afterAll(() => t.close());

  /** Signs the member in to a client with `refreshTtl` and answers the records' expiries. */
  async function expiriesFor(refreshTtl: number) {
    const client = await addOidcClient(t, appId, { oidc_refresh_token_ttl: refreshTtl });
    const config = await discoverAs(t, client);
    const { url, verifier } = await pkceAuthorization(config);
    const landed = await signInThroughPortal(new Browser(t.origin), url.href, member);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(landed), {
      pkceCodeVerifier: verifier,
    });
    expect(tokens.refresh_token).toBeDefined();
    const { grantId } = await t.db.prisma.oidcGrant.findFirstOrThrow({
      where: { userId: member.id, clientId: client.id },
    });
    const expiry = async (model: string, where: object) =>
      (await t.db.prisma.oidcRecord.findFirstOrThrow({ where: { model, ...where } })).expiresAt;
    return {
      grant: await expiry('Grant', { id: grantId }),
      refresh: await expiry('RefreshToken', { grantId }),
    };
  }

  it('outlives a refresh token of 30 days', async () => {
    const { grant, refresh } = await expiriesFor(30 * DAY);
    expect(refresh!.getTime() - Date.now()).toBeGreaterThan(29 * DAY * 1000);
    expect(grant!.getTime()).toBeGreaterThanOrEqual(refresh!.getTime());
  });

  it('lives 14 days at least, as before, for short refresh tokens', async () => {
    const { grant, refresh } = await expiriesFor(300);
    expect(grant!.getTime()).toBeGreaterThanOrEqual(refresh!.getTime());
    expect(grant!.getTime() - Date.now()).toBeGreaterThan(13.9 * DAY * 1000);
  });
});
