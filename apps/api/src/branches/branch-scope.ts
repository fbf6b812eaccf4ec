import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { isPlatformAdmin, sessionOf } from '../sessions/session-guard.js';

/**
 * The company a branch call acts on, from its `com` field: the session's current company, or,
 * for a platform administrator (a company administrator of core1), any existing company (the
 * branches dialog of the companies list). Anything else is `forbidden` and nothing is read.
 */
export async function branchCompany(
  app: FastifyInstance,
  request: FastifyRequest,
  com: string,
): Promise<string> {
  const session = sessionOf(request);
  if (session.companyId !== null && session.companyId === com) return com;
  if (isPlatformAdmin(session)) {
    const company = await app.db.prisma.company.findUnique({
      where: { id: com },
      select: { id: true },
    });
    if (company) return company.id;
  }
  throw new ApiError('forbidden', 'Branches of another company.');
}

/**
 * The company of a user-branch call: only the session's current company (assignments are made
 * on its users screen, for its members).
 */
export function ownCompany(request: FastifyRequest, com: string): string {
  const session = sessionOf(request);
  if (session.companyId === null || session.companyId !== com) {
    throw new ApiError('forbidden', 'Users of another company.');
  }
  return com;
}
