import type { Database } from '../db.js';
import { imageUrl } from '../files/image-url.js';
import { loadOwners, ownerDisplayName, ownerInvitation } from './owner-access.js';

export interface AdminCompany {
  id: string;
  name: string;
  img: string;
  owner: string;
  branches: { id: string; name: string }[];
}

export interface OwnerEntry {
  email: string;
  status: string;
  roles: string[];
  app: string;
  username: string | null;
}

/** Every company with its branches, and per company the owner invitation the screen acts on. */
export async function listCompanies(
  db: Database,
  publicUrl: string,
): Promise<{ coms: AdminCompany[]; owners: Record<string, OwnerEntry> }> {
  const companies = await db.prisma.company.findMany({
    orderBy: { id: 'asc' },
    select: {
      id: true,
      name: true,
      imageId: true,
      branches: { select: { id: true, name: true }, orderBy: { id: 'asc' } },
    },
  });
  const owners = await loadOwners(
    db.prisma,
    companies.map((company) => company.id),
  );
  const ownerMap: Record<string, OwnerEntry> = {};
  const coms = companies.map((company) => {
    const companyOwners = owners.get(company.id);
    const invitation = ownerInvitation(companyOwners);
    if (invitation) {
      ownerMap[company.id] = {
        email: invitation.email,
        status: invitation.status,
        roles: invitation.roles,
        app: invitation.app,
        username: invitation.username,
      };
    }
    return {
      id: company.id,
      name: company.name,
      img: imageUrl(publicUrl, company.imageId),
      owner: ownerDisplayName(companyOwners),
      branches: company.branches,
    };
  });
  return { coms, owners: ownerMap };
}
