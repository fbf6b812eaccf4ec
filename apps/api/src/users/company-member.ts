import { COMPANY_LEVEL_ROLE_IDS, GLOBAL_APP_ID, ROLE_GLOBAL_OWNER } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import type { SessionContext } from '../sessions/session-guard.js';

type Db = Prisma.TransactionClient;

/** A user as the administration calls act on them, within one company. */
export interface CompanyMember {
  id: string;
  username: string;
  email: string;
  displayName: string;
  /** Holds global.owner or global.admin here (verified or invited). */
  adminLevel: boolean;
}

const memberSelect = { id: true, username: true, email: true, displayName: true } as const;

/** The current company of a company-admin session (the guard refuses a session without one). */
export function companyOf(session: SessionContext): string {
  if (session.companyId === null)
    throw new Error('companyOf: a company-admin session has a company');
  return session.companyId;
}

/** Whether the caller holds the company's top role, global.owner. */
export function isOwner(session: SessionContext): boolean {
  return session.roles.includes(ROLE_GLOBAL_OWNER);
}

/** Whether an e-mail holds (or is invited to) a company-level built-in role in the company. */
export async function isAdminLevel(db: Db, companyId: string, email: string): Promise<boolean> {
  const row = await db.accessRole.findFirst({
    where: {
      appId: GLOBAL_APP_ID,
      roleId: { in: [...COMPANY_LEVEL_ROLE_IDS] },
      access: { companyId, email },
    },
    select: { roleId: true },
  });
  return row !== null;
}

/**
 * Whether the user administers a company other than `companyId` (global.owner or global.admin,
 * verified there; the platform company included): what one company decides for the whole
 * account must not reach a standing this company did not give.
 */
export async function administersElsewhere(
  db: Db,
  companyId: string,
  userId: string,
): Promise<boolean> {
  const row = await db.accessRole.findFirst({
    where: {
      appId: GLOBAL_APP_ID,
      roleId: { in: [...COMPANY_LEVEL_ROLE_IDS] },
      access: { userId, status: 'verified', companyId: { not: companyId } },
    },
    select: { roleId: true },
  });
  return row !== null;
}

/**
 * A user with access to the company (`verified` only, or any status), found by id, username or
 * e-mail; null when the user does not exist or has no such access here, so users of other
 * companies look exactly like unknown ones.
 */
export async function findCompanyMember(
  db: Db,
  companyId: string,
  by: { id: string } | { username: string } | { email: string },
  options: { verifiedOnly?: boolean } = {},
): Promise<CompanyMember | null> {
  const user = await db.user.findFirst({
    where: {
      ...by,
      access: {
        some: { companyId, ...(options.verifiedOnly ? { status: 'verified' as const } : {}) },
      },
    },
    select: memberSelect,
  });
  if (!user) return null;
  return { ...user, adminLevel: await isAdminLevel(db, companyId, user.email) };
}
