import { hash } from 'node:crypto';
import type { Database } from '../db.js';
import type { AccessRow } from './access-rows.js';
import { accessRowOf } from './access-rows.js';
import type { UserListQuery, UsersPageRow } from './list-users-query.js';
import { usersPageSql } from './list-users-query.js';

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
 * matching e-mails and, when asked, the company's names of the users on the page. One statement
 * (list-users-query.ts): the page, its access rows and the names are read in one round trip.
 */
export async function listUsers(
  db: Database,
  companyId: string,
  query: UserListQuery & { prefs?: boolean | undefined },
): Promise<UsersPage> {
  const sql = usersPageSql(companyId, query, query.prefs === true);
  // A prepared statement per shape of the query (search, filters, names), named after its text:
  // each pooled connection plans a shape once, instead of planning the statement on every call.
  const rows = await db.query<UsersPageRow>(
    `portico_users_page_${hash('sha256', sql.text, 'hex').slice(0, 16)}`,
    sql.text,
    sql.values,
  );
  const users: AccessRow[] = [];
  const prefs: UserPreferenceRow[] = [];
  const named = new Set<string>();
  for (const row of rows) {
    if (row.email === null || row.app === null || row.status === null || row.com === null) {
      continue;
    }
    users.push(
      accessRowOf({
        app: row.app,
        email: row.email,
        status: row.status,
        com: row.com,
        userid: row.userid,
        username: row.username,
        user_status: row.user_status,
        roles: row.roles,
      }),
    );
    // Each of a user's access rows carries the same names: listed once.
    if (row.userid !== null && row.fname !== null && row.lname !== null && !named.has(row.userid)) {
      named.add(row.userid);
      prefs.push({ userid: row.userid, fname: row.fname, lname: row.lname });
    }
  }
  return { users, total: rows[0]?.total ?? 0, prefs };
}
