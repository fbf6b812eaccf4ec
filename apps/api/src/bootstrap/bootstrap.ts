import { ADMIN_ROLE_ID, COMPANY_LEVEL_ROLE_IDS, OWNER_ROLE_ID } from '@portico/contracts';
import type { Prisma, PrismaClient } from '@portico/db';
import { recordAudit } from '../audit/record-audit.js';
import type { Config } from '../config.js';
import { hashSecret } from '../credentials/argon2.js';
import { newClientSecret } from '../credentials/tokens.js';
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

type Tx = Prisma.TransactionClient;

/** An arbitrary constant: the advisory lock that keeps two starting processes from racing. */
const BOOTSTRAP_LOCK = 727_001;

/**
 * Makes sure the platform exists: company core1, the `global` pseudo-application with its
 * built-in roles, the portal's application and client, and a first platform administrator
 * (an owner and admin of core1). Only what is missing is created, so running it again, or
 * from two processes at once, changes nothing.
 */
export async function bootstrap(prisma: PrismaClient, config: Config): Promise<BootstrapResult> {
  // Hashing is slow: it is done outside the transaction, and only while core1 has no owner.
  const needsAdmin = !(await findPlatformOwner(prisma));
  const generatedPassword = needsAdmin && !config.ADMIN_PASSWORD ? generatePassword() : undefined;
  const password = config.ADMIN_PASSWORD ?? generatedPassword;
  const passwordHash = needsAdmin && password ? await hashSecret(password) : undefined;

  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`;
    await ensureApplication(tx, PLATFORM.globalApp, config);
    await ensureApplication(tx, PLATFORM.portalApp, config);
    await ensureCompany(tx);
    await ensurePortalClient(tx, config);
    const created = passwordHash ? await ensureAdmin(tx, config, passwordHash) : undefined;
    if (!created) return {};
    return {
      admin: {
        username: created.username,
        email: created.email,
        ...(generatedPassword ? { generatedPassword } : {}),
      },
    };
  });
}

async function ensureApplication(
  tx: Tx,
  app: { id: string; name: string; description: string; status: number },
  config: Config,
): Promise<void> {
  await tx.application.upsert({
    where: { id: app.id },
    create: { ...app, link: app.id === PLATFORM.portalApp.id ? config.PUBLIC_URL : null },
    update: {},
  });
  await tx.role.createMany({
    data: PLATFORM.builtInRoles.map((role) => ({ appId: app.id, id: role.id, name: role.name })),
    skipDuplicates: true,
  });
}

async function ensureCompany(tx: Tx): Promise<void> {
  await tx.company.upsert({
    where: { id: PLATFORM.company.id },
    create: PLATFORM.company,
    update: {},
  });
}

async function ensurePortalClient(tx: Tx, config: Config): Promise<void> {
  const existing = await tx.client.findUnique({ where: { id: PLATFORM.portalClient.id } });
  if (existing) return;
  // The portal signs its users in with the session cookie; its secret is never needed, so it
  // is generated and forgotten (a platform administrator can rotate it).
  const { hash, mask } = newClientSecret();
  await tx.client.create({
    data: {
      id: PLATFORM.portalClient.id,
      appId: PLATFORM.portalApp.id,
      description: PLATFORM.portalClient.description,
      secretHash: hash,
      secretMask: mask,
      redirect: `${config.PUBLIC_URL}/`,
      domain: new URL(config.PUBLIC_URL).host,
      platform: 'web',
      sessionActivityTimeout: 15 * 60,
      sessionTtl: PLATFORM.clientDefaults.session_ttl,
      deviceLimit: PLATFORM.clientDefaults.device_limit,
      loginRetryLimit: PLATFORM.clientDefaults.login_retry_limit,
      allowMultipleSessions: true,
    },
  });
}

/** Creates the first platform administrator unless core1 already has an owner. */
async function ensureAdmin(
  tx: Tx,
  config: Config,
  passwordHash: string,
): Promise<{ username: string; email: string } | undefined> {
  // Checked again under the lock: another process may have created it meanwhile.
  if (await findPlatformOwner(tx)) return undefined;

  const username = config.ADMIN_USERNAME.toLowerCase();
  const email = config.ADMIN_EMAIL.toLowerCase();
  const user = await tx.user.create({
    data: {
      username,
      email,
      displayName: 'Platform Administrator',
      passwordHash,
      passwordChangedAt: new Date(),
      preferences: {
        create: { companyId: PLATFORM.company.id, fname: 'Platform', lname: 'Administrator' },
      },
    },
  });
  for (const [appId, roleIds] of [
    [PLATFORM.globalApp.id, COMPANY_LEVEL_ROLE_IDS],
    [PLATFORM.portalApp.id, [ADMIN_ROLE_ID]],
  ] as const) {
    await tx.access.create({
      data: {
        companyId: PLATFORM.company.id,
        appId,
        email,
        userId: user.id,
        status: 'verified',
        acceptedAt: new Date(),
        roles: { create: roleIds.map((roleId) => ({ roleId })) },
      },
    });
  }
  await recordAudit(tx, {
    action: 'platform.bootstrap',
    target: user.id,
    companyId: PLATFORM.company.id,
    details: { admin: username },
  });
  return { username, email };
}

function findPlatformOwner(db: Tx | PrismaClient) {
  return db.access.findFirst({
    where: {
      companyId: PLATFORM.company.id,
      appId: PLATFORM.globalApp.id,
      status: 'verified',
      roles: { some: { roleId: OWNER_ROLE_ID } },
    },
    select: { id: true },
  });
}
