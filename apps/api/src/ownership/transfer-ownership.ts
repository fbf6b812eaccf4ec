import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GLOBAL_APP_ID, OWNER_ROLE_ID } from '@portico/contracts';
import { auditContext } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { sessionOf } from '../sessions/session-guard.js';
import { companyOf, isOwner } from '../users/company-member.js';
import { lockAccessOf } from '../users/access-lock.js';
import { handOverOwnership } from './hand-over.js';
import { assertMayOwn, lockNewOwnerAccount } from './new-owner-account.js';

/**
 * users.transferOwnership: the owner hands the company to one of its verified members. In one
 * transaction the member gets global.owner (a company-level access row is created for a member
 * who had application roles only) and every previous owner, the caller included, becomes admin
 * (company.owner_transfer). The target must be a verified member with an account
 * (user_not_found otherwise, whoever asks: an invitee accepts first); only the owner may
 * (forbidden), not to oneself, and not to an account that cannot sign in now (blocked or
 * awaiting a reset: forbidden).
 */
export async function transferOwnership(
  app: FastifyInstance,
  request: FastifyRequest,
  rawEmail: string,
): Promise<void> {
  const session = sessionOf(request);
  const companyId = companyOf(session);
  const email = rawEmail.trim().toLowerCase();
  await app.db.prisma.$transaction(async (tx) => {
    // The company row first (as every change of owner does), so the caller's role read below
    // is current: of two transfers at once, the second finds its caller an admin. NO KEY
    // UPDATE: an administrator's change of the member, which holds the member's lock, writes
    // rows that name the company (their foreign-key checks take KEY SHARE); FOR UPDATE would
    // wait for them while they wait for the member's lock here (a deadlock, a 500).
    await tx.$queryRaw`SELECT id FROM companies WHERE id = ${companyId} FOR NO KEY UPDATE`;
    // The member's account row, so its status read here stays true until this commits.
    const status = await lockNewOwnerAccount(tx, email);
    await lockAccessOf(tx, companyId, email);
    // Who is not a member here is nobody, whoever asks (as every users.* call answers).
    const member = await tx.access.findFirst({
      where: { companyId, email, status: 'verified', userId: { not: null } },
      select: { userId: true },
    });
    if (!member?.userId) throw new ApiError('user_not_found');
    const owner =
      isOwner(session) &&
      (await tx.accessRole.count({
        where: {
          appId: GLOBAL_APP_ID,
          roleId: OWNER_ROLE_ID,
          access: { companyId, userId: session.userId, status: 'verified' },
        },
      })) > 0;
    if (!owner) throw new ApiError('forbidden', 'Only the owner can transfer the company.');
    if (member.userId === session.userId) {
      throw new ApiError('forbidden', 'You already own this company.');
    }
    // Told after the owner check, so only the owner learns the status.
    assertMayOwn(status);
    const key = { companyId, appId: GLOBAL_APP_ID, email };
    const access = await tx.access.upsert({
      where: { companyId_appId_email: key },
      create: { ...key, userId: member.userId, status: 'verified', acceptedAt: new Date() },
      // A pending invitation to a company role becomes this verified membership.
      update: { status: 'verified', userId: member.userId },
      select: { id: true },
    });
    await tx.accessRole.createMany({
      data: [{ accessId: access.id, appId: GLOBAL_APP_ID, roleId: OWNER_ROLE_ID }],
      skipDuplicates: true,
    });
    await handOverOwnership(tx, {
      companyId,
      newOwnerEmail: email,
      action: 'company.owner_transfer',
      audit: auditContext(request),
    });
  });
}
