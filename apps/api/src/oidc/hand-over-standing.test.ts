import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { createApp, grantAccess, signedInMember } from '../../test/factories.js';
import type { ListeningApp, OidcMember } from './oidc.fixtures.js';
import {
  Browser,
  RP_CALLBACK,
  addOidcClient,
  discoverAs,
  memberOfApp,
  pkceAuthorization,
  startListeningApp,
  upToCallback,
} from './oidc.fixtures.js';

/**
 * The hand-over records a grant only while what it stands on is there: the browser chooses when
 * it comes back from the portal with its code, and an administrator may act in between.
 */
describe('the OIDC hand-over after the sign-in lost its ground', () => {
  let t: ListeningApp;
  let appId: string;
  let member: OidcMember;

  beforeAll(async () => {
    t = await startListeningApp();
    const setup = await memberOfApp(t);
    appId = setup.appId;
    member = setup.member;
  });
  afterAll(() => t.close());

  const grantRecordsOf = (clientId: string) =>
    t.db.prisma.$queryRaw<{ id: string }[]>`
      SELECT id FROM oidc_records WHERE model = 'Grant' AND payload->>'clientId' = ${clientId}`;

  it('the application taken from the person (who keeps another) before the callback: no grant, no code', async () => {
    // A person of their own: this one loses the application.
    const { appId: takenApp, member: person } = await memberOfApp(t);
    const client = await addOidcClient(t, takenApp);
    const config = await discoverAs(t, client);
    const otherApp = await createApp(t, { roles: ['viewer'] });
    await grantAccess(t, {
      companyId: person.companyId,
      appId: otherApp.id,
      user: person,
      roles: ['viewer'],
    });
    const browser = new Browser(t.origin);
    const { url } = await pkceAuthorization(config);
    const callback = await upToCallback(browser, url.href, person);

    const admin = await signedInMember(t, person.companyId, ['admin']);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/v1/users/role/update',
      headers: { cookie: admin.session.cookie },
      payload: { email: person.email, data: [{ app: takenApp, roles: [] }] },
    });
    expect(taken.json()).toMatchObject({ Code: '200' });

    const landed = new URL(await browser.follow(await browser.follow(callback)));
    expect(`${landed.origin}${landed.pathname}`).toBe(RP_CALLBACK);
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('code')).toBeNull();
    expect(await t.db.prisma.oidcGrant.count({ where: { clientId: client.id } })).toBe(0);
    expect(await grantRecordsOf(client.id)).toEqual([]);
  });

  it('the client removed while its grant is being recorded: a refusal, not a 500, and no Grant record left', async () => {
    const client = await addOidcClient(t, appId);
    const config = await discoverAs(t, client);
    const browser = new Browser(t.origin);
    const { url } = await pkceAuthorization(config);
    const callback = await upToCallback(browser, url.href, member);
    // An administrator's removal landing between the provider's save of the Grant record and
    // the hand-over's oidc_grants row: the trigger stands for that concurrent transaction.
    await t.db.prisma.$executeRawUnsafe(`
      CREATE FUNCTION remove_client_of_grant() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM clients WHERE id = NEW.payload->>'clientId';
        RETURN NEW;
      END $$`);
    await t.db.prisma.$executeRawUnsafe(`
      CREATE TRIGGER remove_client_of_grant AFTER INSERT ON oidc_records FOR EACH ROW
      WHEN (NEW.model = 'Grant') EXECUTE FUNCTION remove_client_of_grant()`);
    try {
      const answer = await browser.request(callback);
      expect(answer.status).toBe(303);
    } finally {
      await t.db.prisma.$executeRawUnsafe('DROP TRIGGER remove_client_of_grant ON oidc_records');
      await t.db.prisma.$executeRawUnsafe('DROP FUNCTION remove_client_of_grant()');
    }
    expect(await t.db.prisma.client.count({ where: { id: client.id } })).toBe(0);
    expect(await grantRecordsOf(client.id)).toEqual([]);
  });

  it('the interaction ended while the callback ran (its resume followed in another tab): the expired page, an answer', async () => {
    const client = await addOidcClient(t, appId);
    const config = await discoverAs(t, client);
    const browser = new Browser(t.origin);
    const { url } = await pkceAuthorization(config);
    const callback = await upToCallback(browser, url.href, member);
    // The provider's resume of a parallel callback destroys the interaction after this one read
    // it: the trigger stands for that request, deleting it while this one records its grant.
    await t.db.prisma.$executeRawUnsafe(`
      CREATE FUNCTION end_interaction_at_grant() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM oidc_records WHERE model = 'Interaction';
        RETURN NEW;
      END $$`);
    await t.db.prisma.$executeRawUnsafe(`
      CREATE TRIGGER end_interaction_at_grant AFTER INSERT ON oidc_records FOR EACH ROW
      WHEN (NEW.model = 'Grant') EXECUTE FUNCTION end_interaction_at_grant()`);
    try {
      // Bounded only so that a request left unanswered fails this test instead of hanging it.
      const answer = await browser.request(callback, { signal: AbortSignal.timeout(10_000) });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('Sign-in expired');
    } finally {
      await t.db.prisma.$executeRawUnsafe('DROP TRIGGER end_interaction_at_grant ON oidc_records');
      await t.db.prisma.$executeRawUnsafe('DROP FUNCTION end_interaction_at_grant()');
    }
  });

  it('a sign-in that kept its ground still gets its code', async () => {
    const client = await addOidcClient(t, appId);
    const config = await discoverAs(t, client);
    const browser = new Browser(t.origin);
    const { url, verifier } = await pkceAuthorization(config);
    const callback = await upToCallback(browser, url.href, member);
    const landed = new URL(await browser.follow(await browser.follow(callback)));
    const tokens = await oidc.authorizationCodeGrant(config, landed, {
      pkceCodeVerifier: verifier,
    });
    expect(tokens.claims()?.sub).toBe(member.id);
    expect(await t.db.prisma.oidcGrant.count({ where: { clientId: client.id } })).toBe(1);
  });
});
