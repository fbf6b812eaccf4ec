import { GLOBAL_APP_ID, GLOBAL_APP_NAME, PORTAL_APP_ID } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { statusAdmits } from '../gates/company-access.js';

type Db = Prisma.TransactionClient;

export interface RoleGroup {
  id: string;
  name: string;
  roles: { id: string; name: string }[];
}

const roleSelect = { select: { id: true, name: true }, orderBy: { id: 'asc' } } as const;

/**
 * The applications a company's administrators may grant roles in: every application whose status
 * admits the company at sign-in (gates/company-access.ts: Alpha only the platform company, Beta
 * a company that joined the beta, Released and Internal every company; never Disabled). The
 * portal's own application is left out (anyone with access to any application uses it) and so is
 * `global`, which is the company entry of its own.
 */
export async function grantableApps(db: Db, companyId: string): Promise<RoleGroup[]> {
  const apps = await db.application.findMany({
    where: { status: { gt: 0 }, id: { notIn: [GLOBAL_APP_ID, PORTAL_APP_ID] } },
    select: {
      id: true,
      name: true,
      status: true,
      roles: roleSelect,
      subscriptions: { where: { companyId }, select: { status: true } },
    },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return apps
    .filter((app) => statusAdmits(app.status, companyId, app.subscriptions.length > 0))
    .map(({ id, name, roles }) => ({ id, name, roles }));
}

/** users.roleDefinitions: the company entry ("global", named Company) and each grantable app. */
export async function roleDefinitions(
  db: Db,
  companyId: string,
): Promise<{ global: RoleGroup; apps: RoleGroup[] }> {
  const globalRoles = await db.role.findMany({ where: { appId: GLOBAL_APP_ID }, ...roleSelect });
  return {
    global: { id: GLOBAL_APP_ID, name: GLOBAL_APP_NAME, roles: globalRoles },
    apps: await grantableApps(db, companyId),
  };
}

/** The grantable groups by application id, `global` included. */
export async function grantableGroups(db: Db, companyId: string): Promise<Map<string, RoleGroup>> {
  const { global, apps } = await roleDefinitions(db, companyId);
  return new Map([global, ...apps].map((group) => [group.id, group]));
}
