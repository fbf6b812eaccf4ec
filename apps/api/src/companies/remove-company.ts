import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { endSessionsWhere } from '../sessions/session-store.js';
import { releaseImage } from '../files/store-image.js';

type Tx = Prisma.TransactionClient;

export interface RemovedCompany {
  endedSessions: number;
  access: number;
  branches: number;
}

/**
 * Removes a company in the caller's transaction (see docs/administration.md). The platform
 * company can never be removed. The company row is locked first, so no session can switch to
 * it meanwhile; the sessions whose current company it is end (`company_removed`) before the
 * delete, which cascades its access (and roles), branches and their assignments, preferences,
 * subscriptions and exchange codes. Accounts stay: they may belong to other companies.
 */
export async function removeCompany(tx: Tx, companyId: string): Promise<RemovedCompany> {
  if (companyId === PLATFORM_COMPANY_ID) {
    throw new ApiError('forbidden', 'The platform company cannot be removed.');
  }
  const locked = await tx.$queryRaw<{ image_id: string | null }[]>`
    SELECT image_id FROM companies WHERE id = ${companyId} FOR UPDATE`;
  const company = locked[0];
  if (!company) throw new ApiError('not_found');

  const endedSessions = await endSessionsWhere(
    tx,
    { currentCompanyId: companyId },
    'company_removed',
  );
  const [access, branches] = await Promise.all([
    tx.access.count({ where: { companyId } }),
    tx.branch.count({ where: { companyId } }),
  ]);
  await tx.company.delete({ where: { id: companyId } });
  if (company.image_id) await releaseImage(tx, company.image_id);
  return { endedSessions, access, branches };
}
