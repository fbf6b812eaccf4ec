// The data set of the audit-list benchmark: 1,000,000 audit events over 50 companies and 1,000
// actors, written with one INSERT ... SELECT over generate_series so it loads in seconds.

import { settleAfterLoad } from './bench-server.mjs';

export const AUDIT_EVENTS = 1_000_000;
export const AUDIT_COMPANIES = 50;
export const AUDIT_ACTORS = 1_000;
export const AUDIT_COMPANY = 'audit00';
const ACTIONS = [
  'auth.sign_in',
  'auth.sign_out',
  'auth.choose_company',
  'auth.sign_in_failed',
  'device.verified',
  'session.set_company',
  'user.roles.update',
  'user.preference.update',
  'user.password.reset',
  'user.access.remove',
  'invite.send',
  'invite.accept',
  'branch.add',
  'branch.update',
  'user.branch.add',
  'profile.update',
  'mfa.settings_update',
  'company.update',
  'client.update',
  'ip.ban',
];

const actions = `ARRAY[${ACTIONS.map((a) => `'${a}'`).join(',')}]::text[]`;

/** Actor number of event i: spread, not in step with the company or the action. */
const actorOf = (i) => `((${i}::bigint * 7919) % ${AUDIT_ACTORS})`;

export const SEED_STATEMENTS = [
  `INSERT INTO companies (id, name)
     SELECT 'audit' || lpad(c::text, 2, '0'), 'Audit company ' || c
       FROM generate_series(0, ${AUDIT_COMPANIES - 1}) c`,
  `INSERT INTO users (id, username, email, display_name, password_hash)
     SELECT 'audit-actor-' || n, 'audit_actor' || lpad(n::text, 4, '0'),
            'audit_actor' || lpad(n::text, 4, '0') || '@bench.test', 'Actor ' || n,
            '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$bm90LWEtcmVhbC1oYXNoLWp1c3QtYmVuY2g'
       FROM generate_series(0, ${AUDIT_ACTORS - 1}) n`,
  // One event every 3 s, the newest now (about 35 days). Each actor works from 3 addresses;
  // half the events target a user, the others a client.
  `INSERT INTO audit_events (at, actor_id, company_id, action, target, ip, client_id, details)
     SELECT now() - make_interval(secs => (${AUDIT_EVENTS} - i) * 3),
            'audit-actor-' || ${actorOf('i')},
            'audit' || lpad((i % ${AUDIT_COMPANIES})::text, 2, '0'),
            (${actions})[1 + (i / 7) % ${ACTIONS.length}],
            CASE WHEN i % 2 = 0 THEN 'audit-actor-' || ((i * 31) % ${AUDIT_ACTORS})
                 ELSE 'client:portico-portal' END,
            '10.' || (${actorOf('i')} % 250) || '.' || (${actorOf('i')} / 250) || '.' || (i % 3),
            'portico-portal',
            jsonb_build_object('n', i, 'reason', 'bench')
       FROM generate_series(1, ${AUDIT_EVENTS}) i`,
];

/** Loads the data set unless a previous run left it complete; returns whether it loaded. */
export async function seedAuditList(client) {
  const { rows } = await client.query('SELECT count(*)::int AS n FROM audit_events');
  if (rows[0].n >= AUDIT_EVENTS) return false;
  await client.query('BEGIN');
  try {
    await client.query('DELETE FROM audit_events');
    await client.query("DELETE FROM users WHERE id LIKE 'audit-actor-%'");
    await client.query("DELETE FROM companies WHERE id LIKE 'audit__'");
    for (const statement of SEED_STATEMENTS) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  await settleAfterLoad(client, 'audit_events');
  return true;
}
