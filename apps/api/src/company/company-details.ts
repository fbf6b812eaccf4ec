import type { Database } from '../db.js';
import { ApiError } from '../http/api-error.js';
import { imageUrl } from '../files/image-url.js';
import { loadOwners, ownerDisplayName } from '../companies/owner-access.js';

export interface CompanyDetails {
  id: string;
  name: string;
  img: string;
  owner: string;
  second_factor_required: boolean;
}

/**
 * The current company's profile. The owner is the verified owner's display name, or the
 * invited e-mail while the owner invitation is pending (the contract), or "" when neither.
 */
export async function companyDetails(
  db: Database,
  companyId: string | null,
  publicUrl: string,
): Promise<CompanyDetails> {
  if (companyId === null) throw new ApiError('not_found', 'No company is selected.');
  const company = await db.prisma.company.findUnique({
    where: { id: companyId },
    select: { id: true, name: true, imageId: true, secondFactorRequired: true },
  });
  if (!company) throw new ApiError('not_found');
  const owners = (await loadOwners(db.prisma, [companyId])).get(companyId);
  return {
    id: company.id,
    name: company.name,
    img: imageUrl(publicUrl, company.imageId),
    owner: ownerDisplayName(owners) || (owners?.pending?.email ?? ''),
    second_factor_required: company.secondFactorRequired,
  };
}
