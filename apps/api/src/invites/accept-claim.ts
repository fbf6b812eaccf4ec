import type { Prisma } from '@portico/db';
import { sha256 } from '../credentials/tokens.js';
import { grantsOwnership, handOverOwnership } from '../ownership/hand-over.js';

export interface ClaimedInvitation {
  id: string;
  companyId: string;
  appId: string;
  /** Every application accepted with it: this row's and the company's other open invitations. */
  appIds: string[];
}

/**
 * Marks an open invitation verified in one conditional UPDATE (pending, unexpired, this code
 * and this e-mail), so two acceptances or registrations at once take effect exactly once: the
 * second waits for the first's row lock and then matches nothing (null).
 * The code hash stays on the row: a used link then answers "already accepted" rather than
 * "not found" (the code itself was never stored, and a verified row opens nothing).
 * One invitation, one acceptance (issue 17): the same statement's sibling accepts every other
 * open invitation of that company for that e-mail, so a person invited to three applications
 * accepts them with one link (each keeps its own roles).
 * Accepting an owner invitation hands the company over (ownership/hand-over.ts); the company
 * row is locked first, as every change of owner locks it.
 */
export async function claimInvitation(
  tx: Prisma.TransactionClient,
  input: { code: string; email: string; userId: string | null; ip?: string },
): Promise<ClaimedInvitation | null> {
  // The company row before the invitation's rows, the order of every change of owner
  // (ownership/hand-over.ts, users/access-lock.ts ownerUnderLock): an accepted owner invitation
  // hands the company over, and taking the rows first would deadlock with a transfer or an
  // owner's change of the invitee. NO KEY UPDATE, as they take it.
  const [target] = await tx.$queryRaw<{ company_id: string }[]>`
    SELECT company_id FROM access
     WHERE invite_code_hash = ${sha256(input.code)} AND email = ${input.email.trim().toLowerCase()}
     LIMIT 1`;
  if (!target) return null;
  await tx.$queryRaw`SELECT id FROM companies WHERE id = ${target.company_id} FOR NO KEY UPDATE`;
  const rows = await tx.$queryRaw<{ id: string; company_id: string; app_id: string }[]>`
    UPDATE access
       SET status = 'verified'::access_status, user_id = COALESCE(${input.userId}, user_id),
           accepted_at = now(), updated_at = now()
     WHERE invite_code_hash = ${sha256(input.code)} AND email = ${input.email.trim().toLowerCase()}
       AND status = 'pending'
       AND (invite_expires_at IS NULL OR invite_expires_at > now())
 RETURNING id, company_id, app_id`;
  const row = rows[0];
  if (!row) return null;
  const siblings = await tx.$queryRaw<{ id: string; app_id: string }[]>`
    UPDATE access
       SET status = 'verified'::access_status, user_id = COALESCE(${input.userId}, user_id),
           accepted_at = now(), updated_at = now()
     WHERE company_id = ${row.company_id} AND email = ${input.email.trim().toLowerCase()}
       AND status = 'pending' AND id <> ${row.id}
       AND (invite_expires_at IS NULL OR invite_expires_at > now())
 RETURNING id, app_id`;
  // An accepted owner invitation (the platform's "Change" owner) makes the old owner admin.
  for (const id of [row.id, ...siblings.map((sibling) => sibling.id)]) {
    if (!(await grantsOwnership(tx, id))) continue;
    await handOverOwnership(tx, {
      companyId: row.company_id,
      newOwnerEmail: input.email,
      action: 'company.owner_change',
      audit: { actorId: input.userId, ip: input.ip },
    });
    break;
  }
  return {
    id: row.id,
    companyId: row.company_id,
    appId: row.app_id,
    appIds: [row.app_id, ...siblings.map((sibling) => sibling.app_id)].sort(),
  };
}
