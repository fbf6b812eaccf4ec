import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import type { SessionCompany } from '../gates/company-access.js';
import { companyAccessFor, companyChoiceFailure } from '../gates/company-access.js';
import { findSignInClient } from '../gates/sign-in-client.js';
import { passSecondFactorPolicy } from '../mfa/second-factor-policy.js';
import { sessionOf } from '../sessions/session-guard.js';
import { setCurrentCompany } from '../sessions/session-store.js';

/** The session's user and client, as the company gates need them. */
async function sessionAccess(app: FastifyInstance, request: FastifyRequest) {
  const session = sessionOf(request);
  const [client, user] = await Promise.all([
    findSignInClient(app.db, session.clientId),
    app.db.prisma.user.findUniqueOrThrow({
      where: { id: session.userId },
      select: { id: true, email: true },
    }),
  ]);
  // A session's client cannot vanish under it (deleting a client deletes its sessions).
  if (!client) throw new ApiError('session_invalid');
  const access = await companyAccessFor(app.db, user, client, app.config.PUBLIC_URL);
  return { session, client, access };
}

/** session.companies: the companies the session's user may switch to, for its client. */
export async function sessionCompanies(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ companies: SessionCompany[] }> {
  const { access } = await sessionAccess(app, request);
  return { companies: access.selectable };
}

/**
 * session.setCompany: switches the session's current company, only to one where the user has
 * verified access for the session's client (a company of another tenant is access_not_found,
 * an invitation not yet accepted access_unverified). The roles follow from the guard's read.
 */
export async function setSessionCompany(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: string,
): Promise<string> {
  const { session, client, access } = await sessionAccess(app, request);
  const failure = companyChoiceFailure(access, companyId, client.appName);
  if (failure) {
    // This call answers only the two access codes (an application's status is the sign-in's).
    throw failure.code === 'access_unverified'
      ? failure
      : new ApiError('access_not_found', failure.detail);
  }
  await passSecondFactorPolicy(app, request, {
    userId: session.userId,
    client,
    companyId,
    access,
  });
  await app.db.prisma.$transaction(async (tx) => {
    await setCurrentCompany(tx, session.id, companyId);
    await recordAudit(tx, {
      action: 'session.set_company',
      actorId: session.userId,
      companyId,
      clientId: session.clientId,
      ip: request.ip,
      target: companyId,
    });
  });
  return 'Company switched';
}
