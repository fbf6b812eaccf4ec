// The data set of the users-list benchmark, written with set-based SQL (INSERT ... SELECT over
// generate_series) so 100,000 users and their rows load in seconds, not minutes.

import { settleAfterLoad } from './bench-server.mjs';

export const BENCH_COMPANIES = 50;
export const BENCH_USERS = 100_000;
/** The first company holds this many users; the others share the rest. */
export const BIG_COMPANY_USERS = 20_000;
export const BIG_COMPANY = 'bench00';
export const BENCH_APPS = [
  'bench_loans',
  'bench_teller',
  'bench_cards',
  'bench_fx',
  'bench_crm',
  'bench_bi',
];
/** Invitees who have no account yet (pending rows with user_id null). */
const INVITEES = 5_000;
const BRANCHES_PER_COMPANY = 20;

const FIRST = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Noah',
  'Mia',
  'Arthur',
  'Grace',
  'Leo',
  'Freya',
  'Oscar',
  'Lily',
  'Harry',
  'Ivy',
  'Jack',
  'Rosie',
  'Henry',
  'Sofia',
  'Theo',
  'Ella',
  'Finley',
  'Chloe',
  'Jacob',
  'Evie',
  'Thomas',
  'Alice',
  'Charlie',
  'Poppy',
  'William',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Wright',
  'Robinson',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Thomas',
  'Clarke',
  'Jackson',
  'Wood',
  'Harris',
  'Edwards',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Hughes',
  'Moore',
  'Clark',
  'Harrison',
  'Scott',
  'Young',
  'Morris',
  'Hussain',
  'King',
  'Baker',
];

const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]::text[]`;

/** Company of user `i` (1-based): the first BIG_COMPANY_USERS in bench00, then round-robin. */
const companyOf = (i) =>
  `CASE WHEN ${i} <= ${BIG_COMPANY_USERS} THEN '${BIG_COMPANY}'
        ELSE 'bench' || lpad((1 + (${i} - ${BIG_COMPANY_USERS} - 1) % ${BENCH_COMPANIES - 1})::text, 2, '0') END`;

export const SEED_STATEMENTS = [
  `INSERT INTO companies (id, name)
     SELECT 'bench' || lpad(c::text, 2, '0'), 'Bench company ' || c
       FROM generate_series(0, ${BENCH_COMPANIES - 1}) c`,
  `INSERT INTO applications (id, name, status)
     SELECT id, initcap(replace(id, 'bench_', '')), 3 FROM unnest(${sqlArray(BENCH_APPS)}) id`,
  `INSERT INTO roles (app_id, id, name)
     SELECT a, r, initcap(r) FROM unnest(${sqlArray(BENCH_APPS)}) a,
       unnest(ARRAY['owner', 'admin', 'viewer', 'editor']) r`,
  `INSERT INTO branches (company_id, id, name)
     SELECT 'bench' || lpad(c::text, 2, '0'), 'br' || lpad(b::text, 2, '0'), 'Branch ' || b
       FROM generate_series(0, ${BENCH_COMPANIES - 1}) c, generate_series(1, ${BRANCHES_PER_COMPANY}) b`,
  // Users: names drawn from the lists by the user's number, so searches hit realistic shares.
  `INSERT INTO users (id, username, email, display_name, password_hash)
     SELECT gen_random_uuid()::text, 'bench_user' || lpad(i::text, 6, '0'),
            'bench_user' || lpad(i::text, 6, '0') || '@bench.test',
            (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' ||
            (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}],
            '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$bm90LWEtcmVhbC1oYXNoLWp1c3QtYmVuY2g'
       FROM generate_series(1, ${BENCH_USERS}) i`,
  `CREATE TEMP TABLE bench_numbered AS
     SELECT id, substr(username, 11)::int AS i FROM users WHERE username LIKE 'bench\\_user%'`,
  `INSERT INTO user_preferences (user_id, company_id, fname, lname)
     SELECT n.id, ${companyOf('n.i')},
            (${sqlArray(FIRST)})[1 + n.i % ${FIRST.length}],
            (${sqlArray(LAST)})[1 + (n.i / ${FIRST.length}) % ${LAST.length}]
       FROM bench_numbered n`,
  // Access: every user one app (verified), a third a second app, one in fifty is a company
  // admin, one in twenty has a pending invitation to a further app.
  `INSERT INTO access (id, company_id, app_id, email, user_id, status, accepted_at, invite_code_hash,
                       invite_expires_at, invite_sent_at)
     SELECT gen_random_uuid()::text, ${companyOf('n.i')}, g.app, u.email, n.id, g.status::access_status,
            CASE WHEN g.status = 'verified' THEN now() END,
            CASE WHEN g.status = 'pending' THEN md5(n.id || g.app) END,
            CASE WHEN g.status = 'pending' THEN now() + interval '7 days' END,
            CASE WHEN g.status = 'pending' THEN now() - interval '1 day' END
       FROM bench_numbered n JOIN users u ON u.id = n.id
       CROSS JOIN LATERAL (
         SELECT (${sqlArray(BENCH_APPS)})[1 + n.i % 6] AS app, 'verified' AS status
         UNION ALL SELECT (${sqlArray(BENCH_APPS)})[1 + (n.i + 3) % 6], 'verified' WHERE n.i % 3 = 0
         UNION ALL SELECT 'global', 'verified' WHERE n.i % 50 = 0
         UNION ALL SELECT (${sqlArray(BENCH_APPS)})[1 + (n.i + 1) % 6], 'pending' WHERE n.i % 20 = 0
       ) g`,
  `INSERT INTO access (id, company_id, app_id, email, status, invite_code_hash, invite_expires_at,
                       invite_sent_at)
     SELECT gen_random_uuid()::text,
            CASE WHEN j % 5 = 0 THEN '${BIG_COMPANY}' ELSE 'bench' || lpad((1 + j % ${BENCH_COMPANIES - 1})::text, 2, '0') END,
            (${sqlArray(BENCH_APPS)})[1 + j % 6], 'invitee' || lpad(j::text, 6, '0') || '@bench.test',
            'pending', md5('invitee' || j), now() + interval '7 days', now() - interval '1 day'
       FROM generate_series(1, ${INVITEES}) j`,
  `INSERT INTO access_roles (access_id, app_id, role_id)
     SELECT id, app_id, CASE WHEN app_id = 'global' THEN 'admin' ELSE 'viewer' END FROM access
      WHERE company_id LIKE 'bench%'`,
  `INSERT INTO access_roles (access_id, app_id, role_id)
     SELECT id, app_id, 'editor' FROM access
      WHERE company_id LIKE 'bench%' AND app_id <> 'global' AND hashtext(email) % 3 = 0`,
  // Branches: four users in five have a servicing branch, one in seven a second branch.
  `INSERT INTO user_branches (user_id, company_id, branch_id, servicing)
     SELECT n.id, ${companyOf('n.i')}, 'br' || lpad((1 + n.i % ${BRANCHES_PER_COMPANY})::text, 2, '0'), true
       FROM bench_numbered n WHERE n.i % 5 <> 0`,
  `INSERT INTO user_branches (user_id, company_id, branch_id, servicing)
     SELECT n.id, ${companyOf('n.i')}, 'br' || lpad((1 + (n.i + 7) % ${BRANCHES_PER_COMPANY})::text, 2, '0'), false
       FROM bench_numbered n WHERE n.i % 7 = 0`,
];

/** Loads the data set unless a previous run left it complete; returns whether it loaded. */
export async function seedUsersList(client) {
  const { rows } = await client.query(
    "SELECT count(*)::int AS n FROM users WHERE username LIKE 'bench\\_user%'",
  );
  if (rows[0].n === BENCH_USERS) return false;
  await client.query('BEGIN');
  try {
    for (const statement of SEED_STATEMENTS) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  await settleAfterLoad(client);
  return true;
}
