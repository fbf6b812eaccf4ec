import { ALL_FILTER, USERS_PAGE_SIZE } from '@portico/contracts';
import { Prisma } from '@portico/db';

export interface UserListQuery {
  offset: number;
  search?: string | undefined;
  branchFilter?: string | undefined;
  appFilter?: string | undefined;
}

/** A LIKE pattern matching `term` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The shortest term a trigram index can serve. */
const TRIGRAM_LENGTH = 3;

const chosen = (filter: string | undefined) =>
  filter === undefined || filter === ALL_FILTER ? undefined : filter;

/**
 * The SQL of one page of a company's users: the page's e-mails (users are grouped by e-mail,
 * invitees without an account included) in e-mail order, each row carrying the total of
 * e-mails matching. Measured with EXPLAIN on 100,000 users (bench/users-list.mjs,
 * docs/benchmarks.md):
 * - no search and no branch: an index-only scan of the company's access rows (of the app's,
 *   with the app filter), made distinct; with an index on (company_id, email, ...) it comes in
 *   e-mail order and nothing is sorted. (Written as DISTINCT in a subquery rather than GROUP BY:
 *   with GROUP BY the planner walked the whole e-mail index of every company to avoid a sort.)
 * - a branch or a search: the matching e-mails are collected first (MATERIALIZED, so the
 *   planner cannot pick the ordered scan and probe each of the company's rows), then sorted.
 *   The search starts from the trigram indexes (usernames and display names of every user, the
 *   company's first and last names) and keeps those with access here; e-mails are tested on
 *   the company's access rows. Usernames and e-mails are stored lowercased, so they are
 *   compared with LIKE on the lowercased term, names with ILIKE.
 */
export function pageOfEmailsSql(companyId: string, query: UserListQuery): Prisma.Sql {
  const app = chosen(query.appFilter);
  const branch = chosen(query.branchFilter);
  const term = query.search?.trim() ? query.search.trim() : undefined;
  const appCondition = app ? Prisma.sql`AND a.app_id = ${app}` : Prisma.empty;
  const page = Prisma.sql`OFFSET ${query.offset} LIMIT ${USERS_PAGE_SIZE}`;

  if (!branch && !term) {
    return Prisma.sql`
      SELECT email, count(*) OVER ()::int AS total
        FROM (SELECT DISTINCT a.email FROM access a
               WHERE a.company_id = ${companyId} ${appCondition}) matched
       ORDER BY email ${page}`;
  }
  const ctes: Prisma.Sql[] = [];
  const conditions: Prisma.Sql[] = [appCondition];
  if (branch) {
    ctes.push(Prisma.sql`branch_users AS MATERIALIZED (
      SELECT ub.user_id FROM user_branches ub
       WHERE ub.company_id = ${companyId} AND ub.branch_id = ${branch})`);
    conditions.push(Prisma.sql`AND a.user_id IN (SELECT user_id FROM branch_users)`);
  }
  if (term) {
    const anyCase = containsPattern(term);
    const lower = containsPattern(term.toLowerCase());
    // Trigram indexes need three characters: a shorter term tests only this company's users
    // (found by primary key) instead of every account on the platform.
    const candidates =
      term.length < TRIGRAM_LENGTH
        ? Prisma.sql`u.id IN (SELECT a.user_id FROM access a WHERE a.company_id = ${companyId}) AND`
        : Prisma.empty;
    ctes.push(Prisma.sql`hit_users AS MATERIALIZED (
      SELECT u.id FROM users u
       WHERE ${candidates} (u.username LIKE ${lower} OR u.display_name ILIKE ${anyCase})
      UNION
      SELECT p.user_id FROM user_preferences p
       WHERE p.company_id = ${companyId} AND (p.fname ILIKE ${anyCase} OR p.lname ILIKE ${anyCase}))`);
    conditions.push(
      Prisma.sql`AND (a.user_id IN (SELECT id FROM hit_users) OR a.email LIKE ${lower})`,
    );
  }
  ctes.push(Prisma.sql`matched AS MATERIALIZED (
    SELECT DISTINCT a.email FROM access a
     WHERE a.company_id = ${companyId} ${Prisma.join(conditions, ' ')})`);
  return Prisma.sql`
    WITH ${Prisma.join(ctes, ', ')}
    SELECT email, count(*) OVER ()::int AS total FROM matched ORDER BY email ${page}`;
}

/**
 * The total when the page itself is empty (an offset past the end): the first page carries it
 * (and an empty first page means none).
 */
export function totalSql(companyId: string, query: UserListQuery): Prisma.Sql {
  const firstPage = pageOfEmailsSql(companyId, { ...query, offset: 0 });
  return Prisma.sql`SELECT COALESCE(max(total), 0)::int AS total FROM (${firstPage}) first_page`;
}
