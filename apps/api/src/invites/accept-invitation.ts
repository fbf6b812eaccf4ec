import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { claimInvitation } from './accept-claim.js';
import { requireOpenInvitation } from './invite-details.js';

/**
 * invites.accept (no credentials: the code proves the mailbox). When an account with the
 * invited e-mail exists, the invitation becomes its verified access at once; otherwise nothing
 * changes and the answer tells the portal to register first (/reg, which accepts it).
 */
export async function acceptInvitation(
  app: FastifyInstance,
  request: FastifyRequest,
  code: string,
  rawEmail: string,
): Promise<{ registered: boolean }> {
  const email = rawEmail.trim().toLowerCase();
  await requireOpenInvitation(app.db.prisma, code, email);
  const user = await app.db.prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return { registered: false };

  await app.db.prisma.$transaction(async (tx) => {
    const claimed = await claimInvitation(tx, { code, email, userId: user.id, ip: request.ip });
    if (!claimed) {
      // Accepted (or expired, or removed) since the check above: say which.
      await requireOpenInvitation(tx, code, email);
      throw new ApiError('invite_accepted');
    }
    // The users screen edits names per company: the company's (empty) preference row.
    await tx.userPreference.createMany({
      data: [{ userId: user.id, companyId: claimed.companyId }],
      skipDuplicates: true,
    });
    await recordAudit(tx, {
      action: 'invite.accept',
      actorId: user.id,
      companyId: claimed.companyId,
      target: claimed.id,
      ip: request.ip,
      details: { app: claimed.appId, apps: claimed.appIds, email },
    });
  });
  return { registered: true };
}
