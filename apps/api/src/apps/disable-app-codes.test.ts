import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createApp, openTestSession } from '../../test/factories.js';
import { issuedExchangeCode } from '../exchange/exchange.fixtures.js';

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

  const issuedCode = (appId: string) => issuedExchangeCode(t, appId);

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
