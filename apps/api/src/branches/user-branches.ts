import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USERS_PAGE_SIZE } from '@portico/contracts';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { assertStillAdmin } from '../company/acting-admin.js';
import { sessionOf } from '../sessions/session-guard.js';
import { lockAccessOf } from '../users/access-lock.js';
import { findCompanyMember } from '../users/company-member.js';

export interface UserBranchEntry {
  id: string;
  name: string;
  servicing: boolean;
}

/**
 * branches.userBranches: one page (30, from `offset`) of a member's branches in the company, the
 * servicing one first, then by name; `servicing` names the servicing branch whatever the page.
 */
export async function listUserBranches(
  app: FastifyInstance,
  companyId: string,
  input: { userid: string; offset: number },
): Promise<{ branches: UserBranchEntry[]; servicing: string | null }> {
  const prisma = app.db.prisma;
  const member = await findCompanyMember(prisma, companyId, { id: input.userid });
  if (!member) throw new ApiError('user_not_found');
  const rows = await prisma.userBranch.findMany({
    where: { userId: member.id, companyId },
    select: { branchId: true, servicing: true, branch: { select: { name: true } } },
    orderBy: [{ servicing: 'desc' }, { branch: { name: 'asc' } }, { branchId: 'asc' }],
    skip: input.offset,
    take: USERS_PAGE_SIZE,
  });
  const servicing = await prisma.userBranch.findFirst({
    where: { userId: member.id, companyId, servicing: true },
    select: { branchId: true },
  });
  return {
    branches: rows.map((row) => ({
      id: row.branchId,
      name: row.branch.name,
      servicing: row.servicing,
    })),
    servicing: servicing?.branchId ?? null,
  };
}

/**
 * branches.addUserBranch: assigns a branch of the company to a member (or changes the servicing
 * flag of an assigned one). A servicing branch clears the previous one's flag first, in the same
 * transaction (a partial unique index allows one per user and company); the per-person lock
 * (users/access-lock.ts, on the member's e-mail) keeps two assignments at once from both clearing
 * and then colliding, and a removal of the member from running between them.
 */
export async function addUserBranch(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: string,
  input: { userid: string; branch: string; servicing: boolean },
): Promise<void> {
  const session = sessionOf(request);
  await app.db.prisma.$transaction(async (tx) => {
    // The member's per-person lock, by e-mail as every writer of their access takes it: a
    // removal from the company (users/remove-access.ts) then runs before this assignment or
    // after it, taking it along, never between the member's read and the assignment; and the
    // account's erasure waits for it too (the account rows are held KEY SHARE, as
    // lockAccessOfAccount holds them). The caller's own lock as well, for assertStillAdmin: the
    // guard read their roles when the request began, and a removal of the caller must not commit
    // between that and the assignment. Both in e-mail order, the order of every administrator's
    // change to someone's access (users/acting-admin-lock.ts): an assignment and a role update
    // of two administrators acting on each other would otherwise each hold one and wait for the
    // other's, a deadlock (a 500).
    const accounts = await tx.$queryRaw<{ id: string; email: string }[]>`
      SELECT id, email FROM users WHERE id IN (${session.userId}, ${input.userid}) FOR KEY SHARE`;
    if (!accounts.some((account) => account.id === session.userId)) {
      throw new ApiError('session_invalid');
    }
    if (!accounts.some((account) => account.id === input.userid)) {
      throw new ApiError('user_not_found');
    }
    for (const email of accounts.map((account) => account.email).sort()) {
      await lockAccessOf(tx, companyId, email);
    }
    await assertStillAdmin(tx, session);
    const member = await findCompanyMember(tx, companyId, { id: input.userid });
    if (!member) throw new ApiError('user_not_found');
    // KEY SHARE: a removal of the branch waits for this assignment (and then takes it with the
    // branch) instead of deleting the branch under it (a foreign-key failure, a 500).
    const [branch] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM branches WHERE company_id = ${companyId} AND id = ${input.branch} FOR KEY SHARE`;
    if (!branch) throw new ApiError('not_found');
    if (input.servicing) {
      await tx.userBranch.updateMany({
        where: { userId: member.id, companyId, servicing: true, NOT: { branchId: branch.id } },
        data: { servicing: false },
      });
    }
    const key = { userId: member.id, companyId, branchId: branch.id };
    await tx.userBranch.upsert({
      where: { userId_companyId_branchId: key },
      create: { ...key, servicing: input.servicing },
      update: { servicing: input.servicing },
    });
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'user.branch.add',
      target: member.id,
      details: { branch: branch.id, servicing: input.servicing },
    });
  });
}

/** branches.removeUserBranch: unassigns a branch from a member; not assigned is not_found. */
export async function removeUserBranch(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: string,
  input: { userid: string; branch: string },
): Promise<void> {
  await app.db.prisma.$transaction(async (tx) => {
    // The caller's roles again, under their per-person lock held to the end (a removal of the
    // caller then commits before this or after it). First, not last as in company/routes.ts:
    // unassigning the caller's own branch and then waiting for that lock would deadlock with
    // their removal, which deletes their assignments under it.
    await assertStillAdmin(tx, sessionOf(request));
    const member = await findCompanyMember(tx, companyId, { id: input.userid });
    if (!member) throw new ApiError('user_not_found');
    const { count } = await tx.userBranch.deleteMany({
      where: { userId: member.id, companyId, branchId: input.branch },
    });
    if (count === 0) throw new ApiError('not_found');
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'user.branch.remove',
      target: member.id,
      details: { branch: input.branch },
    });
  });
}
