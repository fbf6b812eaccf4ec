import { randomBytes } from 'node:crypto';
import {
  GLOBAL_APP_ID,
  PLATFORM_COMPANY_ID,
  PORTAL_CLIENT_ID,
  encodeBase64,
} from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { bootstrap } from '../src/bootstrap/bootstrap.js';
import { hashSecret } from '../src/credentials/argon2.js';
import { newClientSecret, sha256 } from '../src/credentials/tokens.js';
import { openSession } from '../src/sessions/session-store.js';
import { sessionCookieName } from '../src/sessions/cookie.js';
import type { TestApp } from './harness.js';

/**
 * Seed factories: each makes unique data (random suffixes), so tests in one file never collide
 * and need no clean-up. They write through Prisma and our own session store, never around them.
 */

export const unique = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** A password that satisfies section 5's rule. */
export const GOOD_PASSWORD = 'Secret123';

export interface PlatformAdmin {
  id: string;
  username: string;
  email: string;
  password: string;
}

/** Runs the real bootstrap: core1, the `global` and portal applications, the portal client and
 * a first platform administrator with a known password. */
export async function bootstrapPlatform(t: TestApp): Promise<PlatformAdmin> {
  const password = 'AdminPass1';
  await bootstrap(t.db, { ...t.app.config, ADMIN_PASSWORD: password });
  const owner = await t.db.prisma.access.findFirstOrThrow({
    where: {
      companyId: PLATFORM_COMPANY_ID,
      appId: GLOBAL_APP_ID,
      roles: { some: { roleId: 'owner' } },
    },
    select: { user: { select: { id: true, username: true, email: true } } },
  });
  if (!owner.user) throw new Error('bootstrap made no administrator');
  return { ...owner.user, password };
}

export async function createCompany(t: TestApp, fields: { id?: string; name?: string } = {}) {
  const id = fields.id ?? unique('co');
  return t.db.prisma.company.create({ data: { id, name: fields.name ?? `Company ${id}` } });
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  displayName: string;
}

export async function createUser(
  t: TestApp,
  fields: Partial<Omit<TestUser, 'id'>> & { status?: 'active' | 'blocked' | 'awaiting_reset' } = {},
): Promise<TestUser> {
  const username = fields.username ?? unique('user_');
  const password = fields.password ?? GOOD_PASSWORD;
  const user = await t.db.prisma.user.create({
    data: {
      username,
      email: fields.email ?? `${username}@example.test`,
      displayName: fields.displayName ?? `User ${username}`,
      passwordHash: await hashSecret(password),
      status: fields.status ?? 'active',
    },
  });
  return { id: user.id, username, email: user.email, password, displayName: user.displayName };
}

export async function createApp(
  t: TestApp,
  fields: { id?: string; name?: string; status?: number; roles?: string[] } = {},
) {
  const id = fields.id ?? unique('app');
  const app = await t.db.prisma.application.create({
    data: { id, name: fields.name ?? `App ${id}`, status: fields.status ?? 3 },
  });
  for (const role of fields.roles ?? ['viewer', 'editor']) {
    await t.db.prisma.role.create({ data: { appId: id, id: role, name: role } });
  }
  return app;
}

/** A client with a known secret (answered once, stored hashed, as in production). */
export async function createClient(
  t: TestApp,
  fields: { appId: string; redirect?: string } & Partial<
    Omit<Prisma.ClientUncheckedCreateInput, 'appId' | 'secretHash' | 'secretMask'>
  >,
) {
  const secret = newClientSecret();
  const client = await t.db.prisma.client.create({
    data: {
      redirect: 'https://client.example.test/callback',
      ...fields,
      secretHash: secret.hash,
      secretMask: secret.mask,
    },
  });
  return { ...client, secret: secret.secret };
}

/** Access (verified by default) to an app of a company, with role ids of that app. */
export async function grantAccess(
  t: TestApp,
  fields: {
    companyId: string;
    appId?: string;
    roles: string[];
    user?: { id: string; email: string };
    email?: string;
    status?: 'pending' | 'verified';
  },
) {
  const appId = fields.appId ?? GLOBAL_APP_ID;
  const email = fields.user?.email ?? fields.email;
  if (!email) throw new Error('grantAccess needs a user or an e-mail');
  return t.db.prisma.access.create({
    data: {
      companyId: fields.companyId,
      appId,
      email,
      userId: fields.user?.id ?? null,
      status: fields.status ?? 'verified',
      acceptedAt: (fields.status ?? 'verified') === 'verified' ? new Date() : null,
      roles: { create: fields.roles.map((roleId) => ({ roleId })) },
    },
  });
}

export interface TestSession {
  /** The Cookie header value, e.g. for `app.inject({ headers: { cookie } })`. */
  cookie: string;
  token: string;
  id: string;
  deviceId: string;
}

/**
 * A live session for a user, opened through the real session store on a verified device,
 * without going through the sign-in call (tests of other capabilities need only a session).
 */
export async function openTestSession(
  t: TestApp,
  user: { id: string },
  options: { companyId?: string | null; clientId?: string; needsConfirmation?: boolean } = {},
): Promise<TestSession> {
  const clientId = options.clientId ?? PORTAL_CLIENT_ID;
  const client = await t.db.prisma.client.findUniqueOrThrow({ where: { id: clientId } });
  const device = await t.db.prisma.device.create({
    data: {
      userId: user.id,
      fingerprintHash: sha256(unique('device')),
      name: 'Test browser',
      type: 'desktop',
      verifiedAt: new Date(),
    },
  });
  const opened = await t.db.prisma.$transaction((tx) =>
    openSession(tx, {
      userId: user.id,
      client,
      deviceId: device.id,
      companyId: options.companyId === undefined ? null : options.companyId,
      needsConfirmation: options.needsConfirmation ?? false,
    }),
  );
  return {
    cookie: `${sessionCookieName(t.app.config)}=${opened.token}`,
    token: opened.token,
    id: opened.id,
    deviceId: device.id,
  };
}

/** A user with the given company roles (e.g. ['owner'] or ['admin']) and a session there. */
export async function signedInMember(
  t: TestApp,
  companyId: string,
  globalRoles: string[],
): Promise<TestUser & { session: TestSession }> {
  const user = await createUser(t);
  await grantAccess(t, { companyId, user, roles: globalRoles });
  const session = await openTestSession(t, user, { companyId });
  return { ...user, session };
}

export const b64 = encodeBase64;
