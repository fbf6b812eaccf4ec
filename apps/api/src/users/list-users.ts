import type { Database } from '../db.js';
import type { AccessRow } from './access-rows.js';
import { accessRowsOf } from './access-rows.js';
import type { UserListQuery } from './list-users-query.js';
import { pageOfEmailsSql } from './list-users-query.js';

export interface UserPreferenceRow {
  userid: string;
  fname: string;
  lname: string;
}

export interface UsersPage {
  users: AccessRow[];
  total: number;
  prefs: UserPreferenceRow[];
}

/**
 * users.list: one page (30 e-mails) of the company's users and invitees, as flat access rows
 * (every application of each e-mail on the page, whatever the app filter), the total of
 * matching e-mails and, when asked, the company's names of the users on the page.
 */
export async function listUsers(
  db: Database,
  companyId: string,
  query: UserListQuery & { prefs?: boolean | undefined },
): Promise<UsersPage> {
  const prisma = db.prisma;
  const page = await prisma.$queryRaw<{ email: string | null; total: number }[]>(
    pageOfEmailsSql(companyId, query),
  );
  const total = page[0]?.total ?? 0;
  const users = await accessRowsOf(
    prisma,
    companyId,
    page.flatMap((row) => (row.email === null ? [] : [row.email])),
  );
  const userIds = [...new Set(users.flatMap((row) => (row.userid ? [row.userid] : [])))];
  const prefs =
    query.prefs && userIds.length > 0
      ? await prisma.userPreference.findMany({
          where: { companyId, userId: { in: userIds } },
          select: { userId: true, fname: true, lname: true },
        })
      : [];
  return {
    users,
    total,
    prefs: prefs.map((pref) => ({ userid: pref.userId, fname: pref.fname, lname: pref.lname })),
  };
}
