import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertIpAllowed } from '../abuse/sign-in-defence.js';
import { recordAudit } from '../audit/record-audit.js';
import { newExchangeCode } from '../exchange/exchange-code.js';
import { companyAccessFor, companyChoiceFailure } from '../gates/company-access.js';
import { passDeviceBlockedGate, passDeviceTypeGate } from '../gates/device-gates.js';
import { gateError } from '../gates/gate-error.js';
import { passClientGates } from '../gates/sign-in-client.js';
import { parseUserAgent } from '../gates/user-agent.js';
import { passSecondFactorPolicy } from '../mfa/second-factor-policy.js';
import { sessionOf } from '../sessions/session-guard.js';
import { setCurrentCompany } from '../sessions/session-store.js';

export interface CompanyChoice {
  code: string;
  com: string;
  app: string;
  redirect: string;
}

/**
 * auth.chooseCompany: the company for this sign-in. The session must belong to the named
 * client; the gates run again for that one company (the session may be old); then the session's
 * current company is set and a one-time exchange code is issued, bound to client, user,
 * company and session (only its hash is stored). The browser goes to the client's registered
 * redirect with `code` and `com` in its query; the client's server redeems the code at
 * POST /v1/exchange. A non-Web client with custom_hash may send a proof-of-possession challenge
 * (`code`), which the exchange then requires. Last, the second-factor policy (docs/mfa.md).
 */
export async function chooseCompany(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { com: string; client: string; code?: string | undefined },
): Promise<CompanyChoice> {
  const session = sessionOf(request);
  await assertIpAllowed(app, request.ip);
  if (input.client !== session.clientId) throw gateError('callback_invalid');
  const client = await passClientGates(app, input.client, undefined);
  const user = await app.db.prisma.user.findUniqueOrThrow({
    where: { id: session.userId },
    select: { id: true, email: true },
  });
  const access = await companyAccessFor(app.db, user, client, app.config.PUBLIC_URL);
  const failure = companyChoiceFailure(access, input.com, client.appName);
  if (failure) throw failure;
  passDeviceTypeGate(client, parseUserAgent(request.headers['user-agent']));
  const device = await app.db.prisma.device.findUniqueOrThrow({
    where: { id: session.deviceId },
    select: { status: true },
  });
  passDeviceBlockedGate(client, device);
  await passSecondFactorPolicy(app, request, {
    userId: user.id,
    client,
    companyId: input.com,
    access,
  });

  const exchange = newExchangeCode();
  const challenge = client.customHash && client.platform !== 'web' ? (input.code ?? null) : null;
  const redirect = registeredRedirect(client.redirect, client.appName);
  await app.db.prisma.$transaction(async (tx) => {
    await setCurrentCompany(tx, session.id, input.com);
    await tx.exchangeCode.create({
      data: {
        codeHash: exchange.hash,
        clientId: client.id,
        userId: user.id,
        companyId: input.com,
        sessionId: session.id,
        codeChallenge: challenge,
        redirect: client.redirect,
        expiresAt: exchange.expiresAt,
      },
    });
    await recordAudit(tx, {
      action: 'auth.choose_company',
      actorId: user.id,
      companyId: input.com,
      clientId: client.id,
      ip: request.ip,
      target: input.com,
    });
  });
  redirect.searchParams.set('code', exchange.code);
  redirect.searchParams.set('com', input.com);
  return { code: exchange.code, com: input.com, app: client.appName, redirect: redirect.href };
}

/** The client's registered redirect; a client registered without a usable URL is not set up. */
function registeredRedirect(registered: string, appName: string): URL {
  try {
    return new URL(registered);
  } catch {
    throw gateError('callback_invalid', appName);
  }
}
