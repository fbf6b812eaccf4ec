import { ALL_FILTER, USERS_PAGE_SIZE } from '@portico/contracts';
import { Prisma } from '@portico/db';
import { ACCESS_ROW_COLUMNS } from './access-rows.js';

export interface UserListQuery {
  offset: number;
  search?: string | undefined;
  branchFilter?: string | undefined;
  appFilter?: string | undefined;
}

/** What separates the fields of `users_list_entries.search_text` (migration users_list_entries). */
const FIELD_SEPARATOR = '\n';

const chosen = (filter: string | undefined) =>
  filter === undefined || filter === ALL_FILTER ? undefined : filter;

/** The search the query asks for, trimmed; undefined when there is none. */
const searchTermOf = (query: UserListQuery) => query.search?.trim() || undefined;

/**
 * The company's e-mails with an account whose username, display name or company names contain
 * the lowercased `term`, read from the source tables; `only` narrows the e-mails first. Written
 * uncorrelated, so PostgreSQL builds it at most once (a hashed subplan) and only when a row
 * needs it.
 */
function emailsWithNames(companyId: string, term: Prisma.Sql, only: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT a.email FROM access a
      JOIN users u ON u.id = a.user_id
      LEFT JOIN user_preferences p ON p.user_id = a.user_id AND p.company_id = a.company_id
     WHERE a.company_id = ${companyId} ${only}
       AND (strpos(lower(u.username), ${term}) > 0 OR strpos(lower(u.display_name), ${term}) > 0
            OR strpos(lower(p.fname), ${term}) > 0 OR strpos(lower(p.lname), ${term}) > 0))`;
}

/**
 * Whether the entry `e` (users_list_entries) matches the search: its e-mail or one of its names
 * contains the term, case-insensitively (lower() on both sides, as ILIKE compares). The entry's
 * text holds the lowercased names joined by a line feed, so one strpos tests them all. Two cases
 * are confirmed on the source tables: a term that itself contains a line feed (it could match
 * across two names in the text), and an entry whose text was too long to keep (NULL; the
 * subquery starts from those few entries).
 */
function searchCondition(companyId: string, term: string): Prisma.Sql {
  // Lowered once (an InitPlan), not for every row: the statement is prepared, so its plan is
  // generic and cannot fold lower() of a parameter into a constant.
  const lowered = Prisma.sql`(SELECT lower(${term}))`;
  const names = term.includes(FIELD_SEPARATOR)
    ? Prisma.sql`((e.search_text IS NULL OR strpos(e.search_text, ${lowered}) > 0)
                  AND e.email IN ${emailsWithNames(companyId, lowered, Prisma.empty)})`
    : Prisma.sql`(strpos(e.search_text, ${lowered}) > 0
                  OR (e.search_text IS NULL AND e.email IN ${emailsWithNames(
                    companyId,
                    lowered,
                    Prisma.sql`AND a.email IN (SELECT l.email FROM users_list_entries l
                                WHERE l.company_id = ${companyId} AND l.search_text IS NULL)`,
                  )}))`;
  return Prisma.sql`(strpos(e.email, ${lowered}) > 0 OR ${names})`;
}

/**
 * The e-mails of the company that the query keeps (users are grouped by e-mail, invitees without
 * an account included), unordered; `ctes` receives the common tables it needs.
 * - no search: users_list_entries (one row per e-mail) or, with a filter, the access rows that
 *   pass it (the app filter alone is unique per e-mail: no DISTINCT).
 * - a search: users_list_entries, whose text holds every field the search reads, and with a
 *   filter those of its e-mails that have an access row passing it.
 */
function matchedSql(companyId: string, query: UserListQuery, ctes: Prisma.Sql[]): Prisma.Sql {
  const app = chosen(query.appFilter);
  const branch = chosen(query.branchFilter);
  const term = searchTermOf(query);
  const conditions: Prisma.Sql[] = [];
  if (app) conditions.push(Prisma.sql`AND a.app_id = ${app}`);
  if (branch) {
    // MATERIALIZED: the branch's users are found once, then each access row is tested against
    // them (without it the planner may probe the branch rows for every access row).
    ctes.push(Prisma.sql`branch_users AS MATERIALIZED (
      SELECT ub.user_id FROM user_branches ub
       WHERE ub.company_id = ${companyId} AND ub.branch_id = ${branch})`);
    conditions.push(Prisma.sql`AND a.user_id IN (SELECT user_id FROM branch_users)`);
  }
  const filtered =
    conditions.length === 0
      ? undefined
      : Prisma.sql`FROM access a WHERE a.company_id = ${companyId} ${Prisma.join(conditions, ' ')}`;

  if (!term) {
    if (!filtered) {
      return Prisma.sql`SELECT e.email FROM users_list_entries e WHERE e.company_id = ${companyId}`;
    }
    return branch
      ? Prisma.sql`SELECT DISTINCT a.email ${filtered}`
      : Prisma.sql`SELECT a.email ${filtered}`;
  }
  const withFilter = filtered
    ? Prisma.sql`AND e.email IN (SELECT a.email ${filtered})`
    : Prisma.empty;
  return Prisma.sql`SELECT e.email FROM users_list_entries e
     WHERE e.company_id = ${companyId} AND ${searchCondition(companyId, term)} ${withFilter}`;
}

/**
 * The common tables of a page: `matched` (the e-mails kept), `page` (the page's e-mails, in
 * e-mail order) and `page_size` (how many, and the offset). Measured with EXPLAIN on 100,000
 * users (bench/users-list.mjs, docs/benchmarks.md):
 * - the page is an ordered index-only scan (users_list_entries by (company, e-mail), or the
 *   access indexes with a filter) that stops once it has the page;
 * - the total (totalSql) is counted only when the page cannot tell it: a page shorter than a
 *   full one is the last, so the total is its offset plus its length (a search matching few
 *   e-mails is scanned once); otherwise a count(*) over the same matches (the scalar subquery
 *   runs only when the CASE reaches it), or, when nothing narrows the list, the company's number
 *   of entries as PostgreSQL keeps it.
 * The matches are NOT MATERIALIZED, so the page and the count each get a plan of their own,
 * except with a branch filter (below).
 */
function pageCtes(companyId: string, query: UserListQuery): Prisma.Sql[] {
  const ctes: Prisma.Sql[] = [];
  const matched = matchedSql(companyId, query, ctes);
  const offset = Prisma.sql`${query.offset}::int`;
  // A branch's e-mails are a few, but finding them reads all the company's access rows (a hash
  // join): once, kept for the page and the count.
  const once = chosen(query.branchFilter) ? Prisma.sql`MATERIALIZED` : Prisma.sql`NOT MATERIALIZED`;
  ctes.push(Prisma.sql`matched AS ${once} (${matched})`);
  ctes.push(Prisma.sql`page AS MATERIALIZED (
    SELECT email FROM matched ORDER BY email OFFSET ${offset} LIMIT ${USERS_PAGE_SIZE})`);
  ctes.push(Prisma.sql`page_size AS (SELECT count(*)::int AS n, ${offset} AS skipped FROM page)`);
  return ctes;
}

/**
 * SQL over `size` (a page_size row): the total of e-mails matching, counted only if needed. With
 * no search and no filter every entry of the company matches, and their number is kept by
 * PostgreSQL (users_list_counts, migration users_list_counts), so it is read, not counted: a
 * count reads every entry (21,000 on the bench's largest company, 6 ms on a slow machine).
 */
function totalSql(companyId: string, query: UserListQuery): Prisma.Sql {
  const narrowed =
    searchTermOf(query) !== undefined ||
    chosen(query.appFilter) !== undefined ||
    chosen(query.branchFilter) !== undefined;
  const counted = narrowed
    ? Prisma.sql`(SELECT count(*) FROM matched)`
    : Prisma.sql`coalesce((SELECT c.entries FROM users_list_counts c
                             WHERE c.company_id = ${companyId}), 0)`;
  return Prisma.sql`(CASE WHEN size.n > 0 AND size.n < ${USERS_PAGE_SIZE} THEN size.skipped + size.n
                 WHEN size.n = 0 AND size.skipped = 0 THEN 0
                 ELSE ${counted} END)::int`;
}

/**
 * One access row of the users page (access-rows.ts's columns), with the total and names; on an
 * empty page, a single row of NULLs (its roles an empty array) but the total.
 */
export interface UsersPageRow {
  total: number;
  app: string | null;
  email: string | null;
  status: string | null;
  com: string | null;
  userid: string | null;
  username: string | null;
  user_status: string | null;
  roles: string[];
  /** The user's names in the company, when asked for and set (user_preferences). */
  fname: string | null;
  lname: string | null;
}

/**
 * The whole users page in one statement (one round trip, one snapshot): every access row of the
 * page's e-mails in e-mail then application order (as access-rows.ts), each carrying the total
 * and, with `withNames`, its user's names in the company; a single row of NULLs but the total
 * when the page is empty.
 */
export function usersPageSql(
  companyId: string,
  query: UserListQuery,
  withNames: boolean,
): Prisma.Sql {
  const names = withNames
    ? Prisma.sql`LEFT JOIN user_preferences p ON p.user_id = a.user_id AND p.company_id = a.company_id`
    : Prisma.sql`LEFT JOIN user_preferences p ON false`;
  return Prisma.sql`
    WITH ${Prisma.join(pageCtes(companyId, query), ', ')}
    SELECT ${totalSql(companyId, query)} AS total, ${Prisma.raw(ACCESS_ROW_COLUMNS)}, p.fname, p.lname
      FROM page_size size
      LEFT JOIN (page JOIN access a ON a.company_id = ${companyId} AND a.email = page.email
                 LEFT JOIN users u ON u.id = a.user_id
                 ${names}) ON true
     ORDER BY a.email, a.app_id`;
}
