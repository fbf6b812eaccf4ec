import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { sessionOf } from '../sessions/session-guard.js';
import { lockAccessOfAccount } from './access-lock.js';
import { companyOf, findCompanyMember, isOwner } from './company-member.js';

/**
 * users.updatePreference: a user's first and last name in the current company (upserted). The
 * user must have access here (invitations count: the screen lists invitees with accounts too).
 * An owner or admin of the company is renamed only by an owner, or by themselves (section 6).
 */
export async function updatePreference(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { userid: string; fname: string; lname: string },
): Promise<void> {
  const session = sessionOf(request);
  const companyId = companyOf(session);
  await app.db.prisma.$transaction(async (tx) => {
    // Under the member's lock: a removal from the company at the same moment runs before
    // (user_not_found) or after, taking the names along; never names left for a non-member.
    if ((await lockAccessOfAccount(tx, companyId, input.userid)) === null) {
      throw new ApiError('user_not_found');
    }
    const member = await findCompanyMember(tx, companyId, { id: input.userid });
    if (!member) throw new ApiError('user_not_found');
    if (member.adminLevel && member.id !== session.userId && !isOwner(session)) {
      throw new ApiError('forbidden', 'Only an owner can rename a company owner or admin.');
    }
    const names = { fname: input.fname, lname: input.lname };
    await tx.userPreference.upsert({
      where: { userId_companyId: { userId: member.id, companyId } },
      create: { userId: member.id, companyId, ...names },
      update: names,
    });
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'user.preference.update',
      target: member.id,
      details: names,
    });
  });
}
