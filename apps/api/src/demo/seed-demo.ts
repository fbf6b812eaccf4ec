import type { Prisma, PrismaClient } from '@portico/db';
import { BUILT_IN_ROLES } from '@portico/contracts';
import { hashSecret } from '../credentials/argon2.js';
import { newClientSecret, randomToken, sha256 } from '../credentials/tokens.js';
import {
  DEMO_APPS,
  DEMO_COMPANIES,
  DEMO_INVITATIONS,
  DEMO_SUBSCRIPTIONS,
  DEMO_USERS,
} from './demo-data.js';

export interface DemoResult {
  created: boolean;
  password?: string;
  clientSecrets: { client: string; secret: string }[];
}

const INVITE_VALID_DAYS = 7;
type Tx = Prisma.TransactionClient;

/**
 * Adds the demo sample in one transaction, unless it is already there. Every demo user gets the
 * same password (given, or generated and returned to be printed once); client secrets are
 * generated and returned once, as on creation in the portal.
 */
export async function seedDemo(prisma: PrismaClient, password: string): Promise<DemoResult> {
  const passwordHash = await hashSecret(password);
  return prisma.$transaction(
    async (tx) => {
      if (await tx.company.findUnique({ where: { id: DEMO_COMPANIES[0]?.id ?? '' } })) {
        return { created: false, clientSecrets: [] };
      }
      await createCompanies(tx);
      const clientSecrets = await createApps(tx);
      await tx.companySubscription.createMany({
        data: DEMO_SUBSCRIPTIONS.map((s) => ({
          companyId: s.company,
          appId: s.app,
          status: s.status,
        })),
      });
      const userIds = await createUsers(tx, passwordHash);
      await createInvitations(tx, userIds);
      return { created: true, password, clientSecrets };
    },
    { timeout: 60_000 },
  );
}

async function createCompanies(tx: Tx): Promise<void> {
  for (const company of DEMO_COMPANIES) {
    await tx.company.create({
      data: {
        id: company.id,
        name: company.name,
        branches: { create: company.branches },
      },
    });
  }
}

async function createApps(tx: Tx): Promise<{ client: string; secret: string }[]> {
  const secrets: { client: string; secret: string }[] = [];
  for (const app of DEMO_APPS) {
    await tx.application.create({
      data: {
        id: app.id,
        name: app.name,
        description: app.description,
        status: app.status,
        link: app.link,
        roles: {
          create: [...BUILT_IN_ROLES, ...app.roles].map((r) => ({ id: r.id, name: r.name })),
        },
      },
    });
    for (const client of app.clients) {
      const { secret, hash, mask } = newClientSecret();
      await tx.client.create({
        data: { ...client, appId: app.id, secretHash: hash, secretMask: mask },
      });
      secrets.push({ client: client.id, secret });
    }
  }
  return secrets;
}

async function createUsers(tx: Tx, passwordHash: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const person of DEMO_USERS) {
    const user = await tx.user.create({
      data: {
        username: person.username,
        email: person.email,
        mobile: person.mobile,
        displayName: person.displayName,
        passwordHash,
        status: person.status ?? 'active',
        preferences: {
          create: Object.entries(person.names).map(([companyId, [fname, lname]]) => ({
            companyId,
            fname,
            lname,
          })),
        },
      },
    });
    ids.set(person.username, user.id);
    for (const access of person.access) {
      await tx.access.create({
        data: {
          companyId: access.company,
          appId: access.app,
          email: person.email,
          userId: user.id,
          status: 'verified',
          acceptedAt: new Date(),
          roles: { create: access.roles.map((roleId) => ({ roleId })) },
        },
      });
    }
    for (const branch of person.branches ?? []) {
      await tx.userBranch.create({
        data: {
          userId: user.id,
          companyId: branch.company,
          branchId: branch.branch,
          servicing: branch.servicing,
        },
      });
    }
  }
  return ids;
}

async function createInvitations(tx: Tx, userIds: Map<string, string>): Promise<void> {
  for (const invite of DEMO_INVITATIONS) {
    await tx.access.create({
      data: {
        companyId: invite.company,
        appId: invite.app,
        email: invite.email,
        status: 'pending',
        // The code itself is not kept: the demo invitation can be resent from the users screen.
        inviteCodeHash: sha256(randomToken()),
        inviteExpiresAt: new Date(Date.now() + INVITE_VALID_DAYS * 24 * 3600 * 1000),
        inviteSentAt: new Date(),
        invitedById: userIds.get(invite.invitedBy) ?? null,
        roles: { create: invite.roles.map((roleId) => ({ roleId })) },
      },
    });
  }
}
