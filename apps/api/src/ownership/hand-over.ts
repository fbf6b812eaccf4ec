import { ADMIN_ROLE_ID, GLOBAL_APP_ID, OWNER_ROLE_ID } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { recordAudit, type AuditEntry } from '../audit/record-audit.js';
import { withdrawOwnerInvitations } from './withdraw-owner-invitations.js';

type Tx = Prisma.TransactionClient;

/**
 * A company has one owner. When `newOwnerEmail` becomes it, every other verified owner of the
 * company steps down to admin (global.owner removed, global.admin added), in the caller's
 * transaction, and the change is audited (`action`, from and to, e-mails only in details).
 * Pending owner invitations are left to the invitation rules, except those the demoted owners
 * sent (withdrawOwnerInvitations; their ids audited as `withdrawn`). Answers the e-mails
 * demoted.
 */
export async function handOverOwnership(
  tx: Tx,
  input: {
    companyId: string;
    newOwnerEmail: string;
    action: 'company.owner_transfer' | 'company.owner_change';
    audit: Omit<AuditEntry, 'action' | 'companyId' | 'target' | 'details'>;
  },
): Promise<string[]> {
  const email = input.newOwnerEmail.trim().toLowerCase();
  // The company row lock serialises every change of a company's owner (NO KEY UPDATE, so the
  // foreign-key checks of other writes in the company do not wait for it: transfer-ownership.ts).
  await tx.$queryRaw`SELECT id FROM companies WHERE id = ${input.companyId} FOR NO KEY UPDATE`;
  const previous = await tx.access.findMany({
    where: {
      companyId: input.companyId,
      appId: GLOBAL_APP_ID,
      status: 'verified',
      NOT: { email },
      roles: { some: { roleId: OWNER_ROLE_ID } },
    },
    select: { id: true, email: true, userId: true },
  });
  for (const access of previous) {
    await tx.accessRole.deleteMany({ where: { accessId: access.id, roleId: OWNER_ROLE_ID } });
    await tx.accessRole.createMany({
      data: [{ accessId: access.id, appId: GLOBAL_APP_ID, roleId: ADMIN_ROLE_ID }],
      skipDuplicates: true,
    });
  }
  const withdrawn = await withdrawOwnerInvitations(tx, input.companyId, {
    keepEmail: email,
    invitedBy: previous.flatMap((access) => (access.userId ? [access.userId] : [])),
  });
  const from = previous.map((access) => access.email);
  await recordAudit(tx, {
    ...input.audit,
    action: input.action,
    companyId: input.companyId,
    target: input.companyId,
    // The ids of the owner invitations withdrawn with the old owners, when there were any.
    details: { from, to: email, ...(withdrawn.length > 0 ? { withdrawn } : {}) },
  });
  return from;
}

/** Whether an access row (by id) carries the company's owner role. */
export async function grantsOwnership(tx: Tx, accessId: string): Promise<boolean> {
  const role = await tx.accessRole.findFirst({
    where: { accessId, appId: GLOBAL_APP_ID, roleId: OWNER_ROLE_ID },
    select: { accessId: true },
  });
  return role !== null;
}
