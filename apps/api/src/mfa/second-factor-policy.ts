import type { FastifyInstance, FastifyRequest } from 'fastify';
import { needsConfirmation } from '@portico/contracts';
import { recordAudit } from '../audit/record-audit.js';
import type { CompanyAccess } from '../gates/company-access.js';
import type { SignInClient } from '../gates/sign-in-client.js';
import { ApiError } from '../http/api-error.js';
import { loadUserSummary } from '../sessions/user-summary.js';

/**
 * The "second factor required" policy (docs/mfa.md), checked where a session gets a company:
 * the company choice that issues the client's code, and the console's company switch. When the
 * client or the chosen company requires it, a user with no factor that confirms a sign-in (an
 * enabled PIN, an enabled passkey, an authenticator app: the confirmation step's methods) is
 * refused with second_factor_required, and the refusal is audited. The portal asks for the set-up
 * before the company step, from the login answer's second_factor_required; this check is what
 * holds when a browser skips it.
 */
export async function passSecondFactorPolicy(
  app: FastifyInstance,
  request: FastifyRequest,
  input: {
    userId: string;
    client: Pick<SignInClient, 'id' | 'secondFactorRequired'>;
    companyId: string;
    access: Pick<CompanyAccess, 'requiringSecondFactor'>;
  },
): Promise<void> {
  const byCompany = input.access.requiringSecondFactor.includes(input.companyId);
  if (!input.client.secondFactorRequired && !byCompany) return;
  const summary = await loadUserSummary(app.db, input.userId, app.config.PUBLIC_URL);
  if (needsConfirmation(summary)) return;
  await recordAudit(app.db.prisma, {
    action: 'auth.second_factor_required',
    actorId: input.userId,
    companyId: input.companyId,
    clientId: input.client.id,
    ip: request.ip,
    target: input.companyId,
    details: { required_by: byCompany ? 'company' : 'client' },
  });
  throw new ApiError('second_factor_required');
}
