import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { assertStillAdmin } from '../company/acting-admin.js';
import { sessionOf } from '../sessions/session-guard.js';

export interface BranchEntry {
  id: string;
  name: string;
}

/** branches.list: a company's branches by name. */
export async function listBranches(
  app: FastifyInstance,
  companyId: string,
): Promise<BranchEntry[]> {
  return app.db.prisma.branch.findMany({
    where: { companyId },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

/**
 * branches.add: a new branch; an id the company already uses is `app_enrolled` (Id already
 * taken). Like the rename, it reads the caller's roles again last (company/acting-admin.ts):
 * the call may have waited on a row while the caller was removed or lost the admin role.
 */
export async function addBranch(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: string,
  branch: BranchEntry,
): Promise<void> {
  await app.db.prisma.$transaction(async (tx) => {
    // ON CONFLICT DO NOTHING: a concurrent add of the same id loses cleanly, not with a 500.
    const { count } = await tx.branch.createMany({
      data: [{ companyId, id: branch.id, name: branch.name }],
      skipDuplicates: true,
    });
    if (count === 0) throw new ApiError('app_enrolled', 'Id already taken.');
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'branch.add',
      target: `branch:${companyId}/${branch.id}`,
      details: { company: companyId, name: branch.name },
    });
    await assertStillAdmin(tx, sessionOf(request));
  });
}

/** branches.update: renames a branch of the company; an unknown id is not_found. */
export async function updateBranch(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: string,
  branch: BranchEntry,
): Promise<void> {
  await app.db.prisma.$transaction(async (tx) => {
    const { count } = await tx.branch.updateMany({
      where: { companyId, id: branch.id },
      data: { name: branch.name },
    });
    if (count === 0) throw new ApiError('not_found');
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'branch.update',
      target: `branch:${companyId}/${branch.id}`,
      details: { company: companyId, name: branch.name },
    });
    await assertStillAdmin(tx, sessionOf(request));
  });
}

/**
 * branches.remove: deletes a branch of the company and its user assignments; the audit event
 * counts the assignments this removal deleted.
 */
export async function removeBranch(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: string,
  branchId: string,
): Promise<void> {
  await app.db.prisma.$transaction(async (tx) => {
    // The caller's per-person lock before any row, not last as in the other changes: an
    // assignment (user-branches.ts) and a removal of the caller from the company take a
    // person's lock before the branch and the assignments, and waiting for it while holding
    // them would deadlock. Held to the end, no removal of the caller can commit in between.
    await assertStillAdmin(tx, sessionOf(request));
    // Then the branch: an assignment under way (which holds it KEY SHARE, user-branches.ts)
    // commits before the assignments are deleted, and a new one waits and then finds no
    // branch. Deleting them here rather than by cascade counts exactly those removed, not
    // those read before an unassignment or an assignment landed.
    const [branch] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM branches WHERE company_id = ${companyId} AND id = ${branchId} FOR UPDATE`;
    if (!branch) throw new ApiError('not_found');
    const assignments = await tx.userBranch.deleteMany({ where: { companyId, branchId } });
    await tx.branch.delete({ where: { companyId_id: { companyId, id: branchId } } });
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'branch.remove',
      target: `branch:${companyId}/${branchId}`,
      details: { company: companyId, assignmentsRemoved: assignments.count },
    });
  });
}
