import { ADMIN_ROLE_ID, COMPANY_LEVEL_ROLE_IDS, OWNER_ROLE_ID } from '@portico/contracts';
import type { Database } from '@portico/db';
import { insertAuditEvent } from '../audit/record-audit.js';
import { publishAuditEvent } from '../audit/siem/publish.js';
import type { WrittenAuditEvent } from '../audit/siem/record.js';
import type { Config } from '../config.js';
import { hashSecret } from '../credentials/argon2.js';
import { newClientSecret } from '../credentials/tokens.js';
import { uuidv7 } from '../sessions/session-id.js';
import { generatePassword } from './generate-password.js';
import { PLATFORM } from './platform.js';

export interface InitialAdmin {
  username: string;
  email: string;
  /** Present only when the password was generated: it is shown once and never stored. */
  generatedPassword?: string;
}

export interface BootstrapResult {
  admin?: InitialAdmin;
}

/** An arbitrary constant: the advisory lock that keeps two starting processes from racing. */
const BOOTSTRAP_LOCK = 727_001;

const APPS = [PLATFORM.globalApp, PLATFORM.portalApp] as const;
const ROLE_IDS = PLATFORM.builtInRoles.map((role) => role.id);

/**
 * Whether core1 has a verified owner in the company pseudo-application: only then is no first
 * administrator made. Its values are $1 company, $2 app, $3 owner role.
 */
const OWNER_EXISTS = `
  EXISTS (SELECT 1 FROM access a JOIN access_roles ar ON ar.access_id = a.id
           WHERE a.company_id = $1 AND a.app_id = $2 AND a.status = 'verified'
             AND ar.role_id = $3)`;

/**
 * Whether there is an owner, and whether everything the bootstrap makes is already there: both
 * applications with every built-in role, core1, the portal's client and an owner. A restart's
 * whole bootstrap is this one read.
 */
const PLATFORM_STATE = `
  SELECT owner,
         owner
     AND EXISTS (SELECT 1 FROM companies WHERE id = $1)
     AND EXISTS (SELECT 1 FROM clients WHERE id = $4)
     AND (SELECT count(*) FROM applications WHERE id IN ($2, $5)) = 2
     AND (SELECT count(*) FROM roles
           WHERE app_id IN ($2, $5) AND id = ANY ($6::text[])) = 2 * cardinality($6::text[])
         AS ready
    FROM (SELECT ${OWNER_EXISTS} AS owner) AS o`;

/**
 * Makes sure the platform exists: company core1, the `global` pseudo-application with its
 * built-in roles, the portal's application and client, and a first platform administrator
 * (an owner and admin of core1). Only what is missing is created, so running it again, or
 * from two processes at once, changes nothing.
 *
 * Plain SQL in a transaction without the ORM (Database.transaction): this runs before the
 * server listens, and the ORM's first query of a process loads its query compiler
 * (docs/benchmarks.md, "Cold start"). A restart finds the platform ready in one read; only a
 * first start writes the audit event (insertAuditEvent), handed to the SIEM once the transaction
 * has committed.
 */
export async function bootstrap(db: Database, config: Config): Promise<BootstrapResult> {
  const { ready, owner } = await platformState(db);
  if (ready) return {};
  // Hashing is slow: it is done outside the transaction, and only while core1 has no owner.
  const needsAdmin = !owner;
  const generatedPassword = needsAdmin && !config.ADMIN_PASSWORD ? generatePassword() : undefined;
  const password = config.ADMIN_PASSWORD ?? generatedPassword;
  const passwordHash = needsAdmin && password ? await hashSecret(password) : undefined;

  const result = await db.transaction(async () => {
    await db.query(
      'portico_bootstrap_lock',
      'SELECT true AS locked FROM pg_advisory_xact_lock($1::bigint)',
      [BOOTSTRAP_LOCK],
    );
    await ensureApplications(db, config);
    await db.query(
      'portico_bootstrap_company',
      'INSERT INTO companies (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
      [PLATFORM.company.id, PLATFORM.company.name],
    );
    await ensurePortalClient(db, config);
    return passwordHash ? await ensureAdmin(db, config, passwordHash) : undefined;
  });
  if (!result) return {};
  publishAuditEvent(db.prisma, result.audit);
  return {
    admin: {
      username: result.username,
      email: result.email,
      ...(generatedPassword ? { generatedPassword } : {}),
    },
  };
}

async function platformState(db: Database): Promise<{ ready: boolean; owner: boolean }> {
  const [row] = await db.query<{ ready: boolean; owner: boolean }>(
    'portico_platform_state',
    PLATFORM_STATE,
    [
      PLATFORM.company.id,
      PLATFORM.globalApp.id,
      OWNER_ROLE_ID,
      PLATFORM.portalClient.id,
      PLATFORM.portalApp.id,
      ROLE_IDS,
    ],
  );
  return { ready: row?.ready === true, owner: row?.owner === true };
}

async function ownerExists(db: Database): Promise<boolean> {
  const [row] = await db.query<{ owner: boolean }>(
    'portico_platform_owner',
    `SELECT ${OWNER_EXISTS} AS owner`,
    [PLATFORM.company.id, PLATFORM.globalApp.id, OWNER_ROLE_ID],
  );
  return row?.owner === true;
}

/** Both applications and each one's built-in roles, where missing. */
async function ensureApplications(db: Database, config: Config): Promise<void> {
  const apps = APPS.map((app) => [
    app.id,
    app.name,
    app.description,
    app.status,
    app.id === PLATFORM.portalApp.id ? config.PUBLIC_URL : null,
  ]);
  await db.query(
    'portico_bootstrap_apps',
    `INSERT INTO applications (id, name, description, status, link)
     VALUES ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
    apps.flat(),
  );
  const roles = APPS.flatMap((app) =>
    PLATFORM.builtInRoles.map((role) => [app.id, role.id, role.name]),
  );
  await db.query(
    'portico_bootstrap_roles',
    `INSERT INTO roles (app_id, id, name)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [roles.map((r) => r[0]), roles.map((r) => r[1]), roles.map((r) => r[2])],
  );
}

async function ensurePortalClient(db: Database, config: Config): Promise<void> {
  // The portal signs its users in with the session cookie; its secret is never needed, so it
  // is generated and forgotten (a platform administrator can rotate it).
  const { hash, mask } = newClientSecret();
  await db.query(
    'portico_bootstrap_portal_client',
    `INSERT INTO clients (id, app_id, description, secret_hash, secret_mask, redirect, domain,
                          platform, session_activity_timeout, session_ttl, device_limit,
                          login_retry_limit, allow_multiple_sessions)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'web', $8, $9, $10, $11, true)
     ON CONFLICT (id) DO NOTHING`,
    [
      PLATFORM.portalClient.id,
      PLATFORM.portalApp.id,
      PLATFORM.portalClient.description,
      hash,
      mask,
      `${config.PUBLIC_URL}/`,
      new URL(config.PUBLIC_URL).host,
      15 * 60,
      PLATFORM.clientDefaults.session_ttl,
      PLATFORM.clientDefaults.device_limit,
      PLATFORM.clientDefaults.login_retry_limit,
    ],
  );
}

/** Creates the first platform administrator unless core1 already has an owner. */
async function ensureAdmin(
  db: Database,
  config: Config,
  passwordHash: string,
): Promise<{ username: string; email: string; audit: WrittenAuditEvent } | undefined> {
  // Checked again under the lock: another process may have created it meanwhile.
  if (await ownerExists(db)) return undefined;

  const username = config.ADMIN_USERNAME.toLowerCase();
  const email = config.ADMIN_EMAIL.toLowerCase();
  const now = new Date();
  const userId = uuidv7(now.getTime());
  await db.query(
    'portico_bootstrap_admin',
    `INSERT INTO users (id, username, email, display_name, password_hash, password_changed_at)
     VALUES ($1, $2, $3, 'Platform Administrator', $4, $5)`,
    [userId, username, email, passwordHash, now],
  );
  await db.query(
    'portico_bootstrap_admin_names',
    `INSERT INTO user_preferences (user_id, company_id, fname, lname)
     VALUES ($1, $2, 'Platform', 'Administrator')`,
    [userId, PLATFORM.company.id],
  );
  for (const [appId, roleIds] of [
    [PLATFORM.globalApp.id, COMPANY_LEVEL_ROLE_IDS],
    [PLATFORM.portalApp.id, [ADMIN_ROLE_ID]],
  ] as const) {
    const accessId = uuidv7(now.getTime());
    await db.query(
      'portico_bootstrap_admin_access',
      `INSERT INTO access (id, company_id, app_id, email, user_id, status, accepted_at)
       VALUES ($1, $2, $3, $4, $5, 'verified', $6)`,
      [accessId, PLATFORM.company.id, appId, email, userId, now],
    );
    await db.query(
      'portico_bootstrap_admin_roles',
      `INSERT INTO access_roles (access_id, app_id, role_id)
       SELECT $1, $2, unnest($3::text[])`,
      [accessId, appId, [...roleIds]],
    );
  }
  const audit = await insertAuditEvent(db, {
    action: 'platform.bootstrap',
    target: userId,
    companyId: PLATFORM.company.id,
    details: { admin: username },
  });
  return { username, email, audit };
}
