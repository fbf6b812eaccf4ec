import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
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
import { newExchangeCode } from '../exchange/exchange-code.js';

/**
 * Disabling an application (status 0) is the administrator's way to stop it at once: its
 * sign-ins answer app_disabled, and its OpenID Connect codes and tokens read as absent
 * (docs/oidc.md). The code + com exchange of the specification must end with it too: a code
 * issued a moment before the switch (they live 60 seconds) must not still hand the user's
 * identity and roles to the disabled application's server.
 */
describe('disabling an application ends the exchange codes of its clients', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  async function issuedCode(appId: string) {
    const client = await createClient(t, { appId });
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, appId, user, roles: ['viewer'] });
    const session = await openTestSession(t, user, { companyId: company.id, clientId: client.id });
    const exchange = newExchangeCode();
    await t.db.prisma.exchangeCode.create({
      data: {
        codeHash: exchange.hash,
        clientId: client.id,
        userId: user.id,
        companyId: company.id,
        sessionId: session.id,
        redirect: client.redirect,
        expiresAt: exchange.expiresAt,
      },
    });
    return {
      exchange: () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/exchange',
          payload: {
            client: client.id,
            secret: client.secret,
            code: exchange.code,
            com: company.id,
          },
        }),
    };
  }

  const setStatus = (id: string, status: number) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/apps/update',
      headers: { cookie: admin },
      payload: { id, name: 'Ledger', desc: '', status, link: '' },
    });

  it('a code issued before the application was disabled no longer exchanges', async () => {
    const app = await createApp(t, { status: 3, roles: ['viewer'] });
    const code = await issuedCode(app.id);
    expect((await setStatus(app.id, 0)).json().Code).toBe('200');
    const answer = await code.exchange();
    expect(answer.json().Code).not.toBe('200');
    expect(answer.json().Msg?.user).toBeUndefined();
  });

  it('a change between enabled statuses leaves the codes alone', async () => {
    const app = await createApp(t, { status: 3, roles: ['viewer'] });
    const code = await issuedCode(app.id);
    expect((await setStatus(app.id, 4)).json().Code).toBe('200');
    expect((await code.exchange()).json().Code).toBe('200');
  });
});
