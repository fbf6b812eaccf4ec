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
interface AccountRow {
  username: string;
  email: string;
  display_name: string;
  status: string;
  grant_user: string | null;
  company_id: string | null;
  company_name: string | null;
  fname: string | null;
  lname: string | null;
  roles: string[] | null;
  branches: string[] | null;
}

/**
 * The user and, when the grant is known, its company's claims, in one prepared statement: the
 * provider loads the account on every token and userinfo request.
 */
const ACCOUNT_SQL = `
  SELECT u.username, u.email, u.display_name, u.status::text AS status,
         g.user_id AS grant_user, g.company_id, co.name AS company_name, p.fname, p.lname,
         (SELECT array_agg(ar.role_id ORDER BY ar.role_id)
            FROM access a JOIN access_roles ar ON ar.access_id = a.id
           WHERE a.user_id = u.id AND a.company_id = g.company_id AND a.app_id = cl.app_id
             AND a.status = 'verified') AS roles,
         (SELECT array_agg(ub.branch_id ORDER BY ub.branch_id)
            FROM user_branches ub
           WHERE ub.user_id = u.id AND ub.company_id = g.company_id) AS branches
    FROM users u
    LEFT JOIN oidc_grants g ON g.grant_id = $2 AND g.user_id = u.id
    LEFT JOIN companies co ON co.id = g.company_id
    LEFT JOIN clients cl ON cl.id = g.client_id
    LEFT JOIN user_preferences p ON p.user_id = u.id AND p.company_id = g.company_id
   WHERE u.id = $1`;

export function accountFinder(db: Database): FindAccount {
  return async (ctx, sub, token) => {
    const grantId = grantIdOf(ctx, token) ?? null;
    const [row] = await db.query<AccountRow>('oidc_account', ACCOUNT_SQL, [sub, grantId]);
    if (!row || row.status !== 'active') return undefined;
    // A token whose grant Portico does not know (or another user's) finds no account.
    if (token && !row.grant_user) return undefined;
    const company = row.grant_user
      ? {
          given_name: row.fname ?? '',
          family_name: row.lname ?? '',
          company_id: row.company_id,
          company_name: row.company_name,
          roles: row.roles ?? [],
          branches: row.branches ?? [],
        }
      : {};
    const account: Account = {
      accountId: sub,
      claims: (): AccountClaims => ({
        sub,
        email: row.email,
        // Every account's address was confirmed: by the invitation it registered from.
        email_verified: true,
        name: row.display_name,
        preferred_username: row.username,
        ...company,
      }),
    };
    return account;
  };
}
