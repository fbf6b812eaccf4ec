import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';
import { IPHONE_SAFARI, call, knownDevice } from './sign-in.fixtures.js';

/** auth.chooseCompany (the exchange code), session.setCompany and session.companies. */
describe('company choice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  async function member() {
    const user = await createUser(t);
    const company = await createCompany(t, { name: 'Home Bank' });
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
    await knownDevice(t, user.id);
    return { user, company };
  }

  const details = (cookie?: string) =>
    call(t, 'GET', '/v1/auth/details', undefined, cookie ? { cookie } : {});

  describe('auth.chooseCompany', () => {
    const choose = (cookie: string, payload: object, ua?: string) =>
      call(t, 'POST', '/v1/auth/com', payload, { cookie, ...(ua ? { ua } : {}) });

    it("issues a one-time code for the portal's redirect; only its hash is stored", async () => {
      const { user, company } = await member();
      const session = await openTestSession(t, user);
      const response = await choose(session.cookie, { com: company.id, client: PORTAL_CLIENT_ID });
      expect(response.statusCode).toBe(200);
      const msg = (
        response.json() as { Msg: { code: string; com: string; app: string; redirect: string } }
      ).Msg;
      expect(msg.com).toBe(company.id);
      expect(msg.app).toBe('Portico');
      const redirect = new URL(msg.redirect);
      expect(`${redirect.origin}${redirect.pathname}`).toBe('http://localhost:1234/');
      expect(redirect.searchParams.get('code')).toBe(msg.code);
      expect(redirect.searchParams.get('com')).toBe(company.id);

      const rows = await t.db.prisma.exchangeCode.findMany({ where: { sessionId: session.id } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        codeHash: sha256(msg.code),
        clientId: PORTAL_CLIENT_ID,
        userId: user.id,
        companyId: company.id,
        codeChallenge: null,
        redirect: 'http://localhost:1234/',
        usedAt: null,
      });
      expect(JSON.stringify(rows)).not.toContain(msg.code);
      const stored = await t.db.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
      expect(stored.currentCompanyId).toBe(company.id);
    });

    it('keeps the challenge of a custom_hash app client; ignores it for a web client', async () => {
      const app = await createApp(t);
      const mobile = await createClient(t, {
        appId: app.id,
        platform: 'ios',
        customHash: true,
        redirect: 'com.example.app://signed-in',
      });
      const web = await createClient(t, { appId: app.id, customHash: true });
      const { user, company } = await member();
      await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: ['viewer'] });
      const onMobile = await openTestSession(t, user, { clientId: mobile.id });
      const answer = await choose(
        onMobile.cookie,
        { com: company.id, client: mobile.id, code: 'challenge-abc' },
        IPHONE_SAFARI,
      );
      const msg = (answer.json() as { Msg: { code: string; redirect: string } }).Msg;
      expect(msg.redirect).toBe(`com.example.app://signed-in?code=${msg.code}&com=${company.id}`);
      const row = await t.db.prisma.exchangeCode.findUniqueOrThrow({
        where: { codeHash: sha256(msg.code) },
      });
      expect(row.codeChallenge).toBe('challenge-abc');

      const onWeb = await openTestSession(t, user, { clientId: web.id });
      const webAnswer = await choose(onWeb.cookie, { com: company.id, client: web.id, code: 'x' });
      const webCode = (webAnswer.json() as { Msg: { code: string } }).Msg.code;
      const webRow = await t.db.prisma.exchangeCode.findUniqueOrThrow({
        where: { codeHash: sha256(webCode) },
      });
      expect(webRow.codeChallenge).toBeNull();
    });

    it("refuses another client's name, a company without access, and changes nothing", async () => {
      const { user, company } = await member();
      const foreign = await createCompany(t);
      const session = await openTestSession(t, user);
      const app = await createApp(t);
      const client = await createClient(t, { appId: app.id });
      const mismatch = await choose(session.cookie, { com: company.id, client: client.id });
      expect(mismatch.json()).toMatchObject({ Code: 'callback_invalid' });
      const notMine = await choose(session.cookie, { com: foreign.id, client: PORTAL_CLIENT_ID });
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json()).toEqual({ Code: 'access_not_found', Msg: { app: 'Portico' } });
      expect(await t.db.prisma.exchangeCode.count({ where: { sessionId: session.id } })).toBe(0);
      const stored = await t.db.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
      expect(stored.currentCompanyId).toBeNull();
    });
  });

  describe('session.setCompany and session.companies', () => {
    it('switches only to companies with verified access', async () => {
      const { user, company } = await member();
      const second = await createCompany(t, { name: 'Another Bank' });
      await grantAccess(t, { companyId: second.id, user, roles: ['owner'] });
      const pending = await createCompany(t);
      await grantAccess(t, {
        companyId: pending.id,
        email: user.email,
        roles: ['admin'],
        status: 'pending',
      });
      const other = await createCompany(t);
      await grantAccess(t, { companyId: other.id, user: await createUser(t), roles: ['owner'] });
      const session = await openTestSession(t, user, { companyId: company.id });

      const list = await call(t, 'GET', '/v1/ses/com/ret', undefined, { cookie: session.cookie });
      expect(list.json()).toEqual({
        Code: '200',
        Msg: {
          companies: [
            { id: second.id, name: 'Another Bank', img: '' },
            { id: company.id, name: 'Home Bank', img: '' },
          ],
        },
      });

      const set = (com: string) =>
        call(t, 'POST', '/v1/session/com', { com }, { cookie: session.cookie });
      expect((await set(other.id)).json()).toMatchObject({ Code: 'access_not_found' });
      expect((await set(pending.id)).json()).toMatchObject({ Code: 'access_unverified' });
      expect((await set('no-such-company')).json()).toMatchObject({ Code: 'access_not_found' });
      let stored = await t.db.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
      expect(stored.currentCompanyId).toBe(company.id);

      expect((await set(second.id)).json()).toMatchObject({ Code: '200' });
      stored = await t.db.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
      expect(stored.currentCompanyId).toBe(second.id);
      // The roles follow the company.
      expect((await details(session.cookie)).json()).toMatchObject({
        Msg: { roles: ['global.owner'], com: { id: second.id } },
      });
    });
  });
});
