import type { Account, AccountClaims, FindAccount, KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../db.js';

/**
 * The claims Portico issues (docs/oidc.md, "Claims"). Company claims come with `openid`
 * itself: every sign-in chooses a company, and a client always needs to know which.
 */
export const CLAIMS = {
  openid: ['sub', 'company_id', 'company_name', 'roles', 'branches'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username'],
};

interface Token {
  grantId?: string;
}

/**
 * The grant a token belongs to, or at the authorization endpoint the grant the hand-over just
 * made (the interaction's result) or already loaded.
 */
function grantIdOf(ctx: KoaContextWithOIDC | undefined, token: unknown): string | undefined {
  const fromToken = (token as Token | undefined)?.grantId;
  if (fromToken) return fromToken;
  const fromResult = (ctx?.oidc?.result?.consent as { grantId?: string } | undefined)?.grantId;
  return fromResult ?? ctx?.oidc?.entities?.Grant?.jti;
}

/**
 * findAccount: the user (an active account only), with the company chosen at the sign-in that
 * made the grant (oidc_grants) and, read now, their names there, their roles for the client's
 * application in that company and their branches. A token of a grant Portico does not know,
 * or of a deleted, blocked or reset account, finds no account, and the provider refuses it.
 */
export function accountFinder(db: Database): FindAccount {
  return async (ctx, sub, token) => {
    const user = await db.prisma.user.findUnique({
      where: { id: sub },
      select: { username: true, email: true, displayName: true, status: true },
    });
    if (!user || user.status !== 'active') return undefined;
    const grantId = grantIdOf(ctx, token);
    const grant = grantId
      ? await db.prisma.oidcGrant.findUnique({
          where: { grantId },
          select: {
            userId: true,
            companyId: true,
            client: { select: { appId: true } },
            company: { select: { name: true } },
          },
        })
      : null;
    // A token whose grant Portico does not know (or another user's) finds no account.
    if (token && (!grant || grant.userId !== sub)) return undefined;
    const company = grant && grant.userId === sub ? await companyClaims(db, sub, grant) : {};
    const account: Account = {
      accountId: sub,
      claims: (): AccountClaims => ({
        sub,
        email: user.email,
        // Every account's address was confirmed: by the invitation it registered from.
        email_verified: true,
        name: user.displayName,
        preferred_username: user.username,
        ...company,
      }),
    };
    return account;
  };
}

/** The claims of the company chosen at the sign-in that made the grant, read now. */
async function companyClaims(
  db: Database,
  userId: string,
  grant: { companyId: string; client: { appId: string }; company: { name: string } },
): Promise<Record<string, unknown>> {
  const { companyId } = grant;
  const [preference, access, branches] = await Promise.all([
    db.prisma.userPreference.findUnique({
      where: { userId_companyId: { userId, companyId } },
      select: { fname: true, lname: true },
    }),
    db.prisma.access.findFirst({
      where: { userId, companyId, appId: grant.client.appId, status: 'verified' },
      select: { roles: { select: { roleId: true }, orderBy: { roleId: 'asc' } } },
    }),
    db.prisma.userBranch.findMany({
      where: { userId, companyId },
      select: { branchId: true },
      orderBy: { branchId: 'asc' },
    }),
  ]);
  return {
    given_name: preference?.fname ?? '',
    family_name: preference?.lname ?? '',
    company_id: companyId,
    company_name: grant.company.name,
    roles: access?.roles.map((role) => role.roleId) ?? [],
    branches: branches.map((branch) => branch.branchId),
  };
}
