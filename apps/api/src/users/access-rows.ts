import { Prisma } from '@portico/db';

/** One access entry of the users screen (section 3), with its user's overall status. */
export interface AccessRow {
  app: string;
  /** Always empty: invitation codes are stored hashed and travel only in the invitee's mail. */
  code: string;
  email: string;
  status: string;
  com: string;
  userid: string | null;
  username: string | null;
  roles: string[];
  user_status: string | null;
}

/** An AccessRow as ACCESS_ROW_COLUMNS read it: all but `code`. */
export type RawAccessRow = Omit<AccessRow, 'code'>;

/** The AccessRow of a row read with ACCESS_ROW_COLUMNS: its `code` is always empty. */
export function accessRowOf(row: RawAccessRow): AccessRow {
  return { ...row, code: '' };
}

/**
 * SQL: an AccessRow's columns (but `code`) of the access row `a` and its user `u` (LEFT JOINed);
 * ARRAY(subquery) is an empty array, never null, for an access without roles.
 */
export const ACCESS_ROW_COLUMNS = `a.app_id AS app, a.email, a.status::text AS status,
           a.company_id AS com, a.user_id AS userid, u.username, u.status::text AS user_status,
           ARRAY(SELECT ar.role_id FROM access_roles ar
                  WHERE ar.access_id = a.id ORDER BY ar.role_id) AS roles`;

/**
 * The flat access rows of some e-mails in one company, ordered by e-mail then application. An
 * invitee without an account has `userid`, `username` and `user_status` null.
 */
export async function accessRowsOf(
  db: Prisma.TransactionClient,
  companyId: string,
  emails: readonly string[],
): Promise<AccessRow[]> {
  if (emails.length === 0) return [];
  const rows = await db.$queryRaw<RawAccessRow[]>`
    SELECT ${Prisma.raw(ACCESS_ROW_COLUMNS)}
      FROM access a LEFT JOIN users u ON u.id = a.user_id
     WHERE a.company_id = ${companyId} AND a.email = ANY(${emails as string[]})
     ORDER BY a.email, a.app_id`;
  return rows.map(accessRowOf);
}
