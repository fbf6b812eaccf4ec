import type { TestApp } from '../../test/harness.js';
import {
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import { newExchangeCode } from './exchange-code.js';

/**
 * Test support (not a test file itself): a new client of the application `appId`, a member
 * with the `viewer` role there, their session on the client and an exchange code for it, stored
 * as the company choice stores one; `exchange()` presents it as the client's server would.
 */
export async function issuedExchangeCode(t: TestApp, appId: string) {
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
    appId,
    clientId: client.id,
    codeHash: exchange.hash,
    exchange: () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/exchange',
        payload: { client: client.id, secret: client.secret, code: exchange.code, com: company.id },
      }),
  };
}
