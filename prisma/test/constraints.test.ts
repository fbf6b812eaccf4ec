import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_APP_ID } from '@portico/contracts';
import { isForeignKeyViolation, isUniqueViolation, openDatabase } from '../src/index.js';
import type { Database, PrismaClient } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

/** The same rules must hold on the server (createTestDatabase) and on the embedded database. */
const targets: Array<[string, () => Promise<{ db: Database; drop(): Promise<void> }>]> = [
  ['createTestDatabase', () => createTestDatabase()],
  [
    'PGlite in memory',
    async () => {
      const db = await openDatabase({ memory: true });
      await db.migrate();
      return { db, drop: () => db.close() };
    },
  ],
];

let serial = 0;
const unique = (prefix: string) => `${prefix}${process.pid}x${++serial}`;

async function makeUser(prisma: PrismaClient, name = unique('user')) {
  return prisma.user.create({
    data: { username: name, email: `${name}@bank.test`, displayName: name, passwordHash: 'x' },
  });
}

async function makeClient(prisma: PrismaClient, appId: string) {
  return prisma.client.create({
    data: { appId, secretHash: 'h', secretMask: 'abc...xyz', redirect: 'https://app.test/cb' },
  });
}

describe.each(targets)('constraints on %s', (_label, open) => {
  let database: { db: Database; drop(): Promise<void> };
  let prisma: PrismaClient;

  beforeAll(async () => {
    database = await open();
    prisma = database.db.prisma;
  });
  afterAll(() => database?.drop());

  it('has the pseudo-application global (Company) with the roles owner and admin', async () => {
    const global = await prisma.application.findUniqueOrThrow({
      where: { id: GLOBAL_APP_ID },
      include: { roles: { orderBy: { id: 'asc' } } },
    });
    expect(global.name).toBe('Company');
    expect(global.roles.map((role) => role.id)).toEqual(['admin', 'owner']);
  });

  it('refuses a second user with the same username or e-mail', async () => {
    const first = await makeUser(prisma);
    const sameName = prisma.user.create({
      data: {
        username: first.username,
        email: 'other@bank.test',
        displayName: 'x',
        passwordHash: 'x',
      },
    });
    await expect(sameName).rejects.toSatisfy(isUniqueViolation);
    const sameEmail = prisma.user.create({
      data: { username: unique('other'), email: first.email, displayName: 'x', passwordHash: 'x' },
    });
    await expect(sameEmail).rejects.toSatisfy(isUniqueViolation);
  });

  it('refuses usernames and e-mails that are not lowercased', async () => {
    const upperName = prisma.user.create({
      data: {
        username: unique('Mixed'),
        email: `${unique('mixed')}@bank.test`,
        displayName: 'x',
        passwordHash: 'x',
      },
    });
    await expect(upperName).rejects.toThrow(/users_username_lowercase_check/);
    const upperEmail = prisma.user.create({
      data: {
        username: unique('lower'),
        email: 'UPPER@bank.test',
        displayName: 'x',
        passwordHash: 'x',
      },
    });
    await expect(upperEmail).rejects.toThrow(/users_email_lowercase_check/);
  });

  it('refuses an application status outside 0-4', async () => {
    const create = prisma.application.create({ data: { id: unique('app'), name: 'A', status: 5 } });
    await expect(create).rejects.toThrow(/applications_status_check/);
  });

  it('lets a branch id repeat across companies but not within one', async () => {
    const [a, b] = [unique('coma'), unique('comb')];
    await prisma.company.createMany({
      data: [
        { id: a, name: 'A' },
        { id: b, name: 'B' },
      ],
    });
    await prisma.branch.create({ data: { companyId: a, id: 'main', name: 'Main' } });
    await prisma.branch.create({ data: { companyId: b, id: 'main', name: 'Main' } });
    const again = prisma.branch.create({ data: { companyId: a, id: 'main', name: 'Again' } });
    await expect(again).rejects.toSatisfy(isUniqueViolation);
  });

  it('allows one servicing branch per user per company', async () => {
    const [a, b] = [unique('coma'), unique('comb')];
    await prisma.company.createMany({
      data: [
        { id: a, name: 'A' },
        { id: b, name: 'B' },
      ],
    });
    await prisma.branch.createMany({
      data: [
        { companyId: a, id: 'one', name: 'One' },
        { companyId: a, id: 'two', name: 'Two' },
        { companyId: a, id: 'three', name: 'Three' },
        { companyId: b, id: 'one', name: 'One' },
      ],
    });
    const user = await makeUser(prisma);
    const assign = (companyId: string, branchId: string, servicing: boolean) =>
      prisma.userBranch.create({ data: { userId: user.id, companyId, branchId, servicing } });

    await assign(a, 'one', true);
    await assign(a, 'two', false);
    await assign(b, 'one', true);
    await expect(assign(a, 'three', true)).rejects.toSatisfy(isUniqueViolation);

    // The service's way: clear the old flag and set the new one in one transaction.
    await prisma.$transaction([
      prisma.userBranch.updateMany({
        where: { userId: user.id, companyId: a },
        data: { servicing: false },
      }),
      prisma.userBranch.create({
        data: { userId: user.id, companyId: a, branchId: 'three', servicing: true },
      }),
    ]);
    const current = await prisma.userBranch.findUnique({
      where: { servicingBranch: { userId: user.id, companyId: a, servicing: true } },
    });
    expect(current?.branchId).toBe('three');
    const servicing = await prisma.userBranch.findMany({
      where: { userId: user.id, servicing: true },
      orderBy: { companyId: 'asc' },
    });
    expect(servicing.map((row) => [row.companyId, row.branchId])).toEqual([
      [a, 'three'],
      [b, 'one'],
    ]);
  });

  it('keeps one access per company, application and e-mail, granting only that application’s roles', async () => {
    const company = unique('com');
    const app = unique('app');
    await prisma.company.create({ data: { id: company, name: 'C' } });
    await prisma.application.create({
      data: { id: app, name: 'App', roles: { create: [{ id: 'teller', name: 'Teller' }] } },
    });
    const access = await prisma.access.create({
      data: {
        companyId: company,
        appId: app,
        email: 'new@bank.test',
        inviteCodeHash: unique('code'),
        roles: { create: [{ roleId: 'teller' }] },
      },
      include: { roles: true },
    });
    expect(access.roles).toEqual([{ accessId: access.id, appId: app, roleId: 'teller' }]);

    const duplicate = prisma.access.create({
      data: { companyId: company, appId: app, email: 'new@bank.test' },
    });
    await expect(duplicate).rejects.toSatisfy(isUniqueViolation);

    // `owner` exists for the application global only.
    const foreignRole = prisma.accessRole.create({
      data: { accessId: access.id, appId: app, roleId: 'owner' },
    });
    await expect(foreignRole).rejects.toSatisfy(isForeignKeyViolation);
  });

  it('cascades a company’s deletion to what belongs to it, and keeps sessions and audit', async () => {
    const company = unique('com');
    const user = await makeUser(prisma);
    const client = await makeClient(prisma, GLOBAL_APP_ID);
    const device = await prisma.device.create({
      data: { userId: user.id, fingerprintHash: unique('fp'), name: 'Laptop', type: 'web' },
    });
    await prisma.company.create({
      data: {
        id: company,
        name: 'Doomed',
        branches: { create: [{ id: 'main', name: 'Main' }] },
        preferences: { create: [{ userId: user.id, fname: 'Ada', lname: 'Lovelace' }] },
        subscriptions: { create: [{ appId: GLOBAL_APP_ID, status: 'beta' }] },
        access: {
          create: [
            {
              appId: GLOBAL_APP_ID,
              email: user.email,
              userId: user.id,
              status: 'verified',
              roles: { create: [{ roleId: 'admin' }] },
            },
          ],
        },
      },
    });
    await prisma.userBranch.create({
      data: { userId: user.id, companyId: company, branchId: 'main', servicing: true },
    });
    const session = await prisma.session.create({
      data: {
        tokenHash: unique('token'),
        userId: user.id,
        clientId: client.id,
        deviceId: device.id,
        currentCompanyId: company,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    await prisma.exchangeCode.create({
      data: {
        codeHash: unique('xc'),
        clientId: client.id,
        userId: user.id,
        companyId: company,
        sessionId: session.id,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const event = await prisma.auditEvent.create({
      data: {
        actorId: user.id,
        companyId: company,
        action: 'company.remove',
        details: { by: 'test' },
      },
    });

    await prisma.company.delete({ where: { id: company } });

    const where = { companyId: company };
    expect(await prisma.branch.count({ where })).toBe(0);
    expect(await prisma.userBranch.count({ where })).toBe(0);
    expect(await prisma.userPreference.count({ where })).toBe(0);
    expect(await prisma.companySubscription.count({ where })).toBe(0);
    expect(await prisma.access.count({ where })).toBe(0);
    expect(await prisma.accessRole.count({ where: { access: { companyId: company } } })).toBe(0);
    expect(await prisma.exchangeCode.count({ where })).toBe(0);
    expect(await prisma.session.findUnique({ where: { id: session.id } })).toMatchObject({
      currentCompanyId: null,
    });
    expect(await prisma.auditEvent.findUnique({ where: { id: event.id } })).toMatchObject({
      companyId: null,
      actorId: user.id,
      details: { by: 'test' },
    });
    expect(await prisma.user.count({ where: { id: user.id } })).toBe(1);
  });

  it('cascades a user’s deletion to their devices, sessions, codes and credentials, and keeps history', async () => {
    const user = await makeUser(prisma);
    const admin = await makeUser(prisma);
    const client = await makeClient(prisma, GLOBAL_APP_ID);
    const device = await prisma.device.create({
      data: { userId: user.id, fingerprintHash: unique('fp'), name: 'Phone', type: 'ios' },
    });
    await prisma.session.create({
      data: {
        tokenHash: unique('t'),
        userId: user.id,
        clientId: client.id,
        deviceId: device.id,
        expiresAt: new Date(),
      },
    });
    await prisma.deviceVerificationCode.create({
      data: {
        refId: unique('ref'),
        userId: user.id,
        clientId: client.id,
        fingerprintHash: 'fp',
        codeHash: 'c',
        expiresAt: new Date(),
      },
    });
    await prisma.passwordResetToken.create({
      data: { tokenHash: unique('r'), userId: user.id, reason: 'forgot', expiresAt: new Date() },
    });
    await prisma.pin.create({ data: { userId: user.id, hash: '$argon2id$…' } });
    await prisma.passkeyCredential.create({
      data: {
        credentialId: unique('cred'),
        userId: user.id,
        publicKey: new Uint8Array([1, 2, 3]),
        counter: 2n ** 40n,
        deviceType: 'multiDevice',
        transports: ['internal'],
      },
    });
    // What the user did to others stays.
    const reset = await prisma.passwordResetToken.create({
      data: {
        tokenHash: unique('r'),
        userId: admin.id,
        reason: 'admin',
        requestedById: user.id,
        expiresAt: new Date(),
      },
    });
    const attempt = await prisma.loginAttempt.create({
      data: {
        ip: '192.0.2.1',
        username: user.username,
        userId: user.id,
        clientId: client.id,
        success: true,
      },
    });
    const event = await prisma.auditEvent.create({
      data: { actorId: user.id, action: 'user.signin' },
    });

    await prisma.user.delete({ where: { id: user.id } });

    const where = { userId: user.id };
    expect(await prisma.device.count({ where })).toBe(0);
    expect(await prisma.session.count({ where })).toBe(0);
    expect(await prisma.deviceVerificationCode.count({ where })).toBe(0);
    expect(await prisma.passwordResetToken.count({ where })).toBe(0);
    expect(await prisma.pin.count({ where })).toBe(0);
    expect(await prisma.passkeyCredential.count({ where })).toBe(0);
    expect(await prisma.passwordResetToken.findUnique({ where: { id: reset.id } })).toMatchObject({
      requestedById: null,
    });
    expect(await prisma.loginAttempt.findUnique({ where: { id: attempt.id } })).toMatchObject({
      userId: null,
      username: user.username,
    });
    expect(await prisma.auditEvent.findUnique({ where: { id: event.id } })).toMatchObject({
      actorId: null,
    });
  });

  it('reads back bigint counters, byte arrays and lists', async () => {
    const user = await makeUser(prisma);
    const credential = await prisma.passkeyCredential.create({
      data: {
        credentialId: unique('cred'),
        userId: user.id,
        publicKey: new Uint8Array([9, 8, 7]),
        counter: 2n ** 40n,
        deviceType: 'singleDevice',
        transports: ['usb', 'nfc'],
      },
    });
    const found = await prisma.passkeyCredential.findUniqueOrThrow({
      where: { credentialId: credential.credentialId },
    });
    expect(found.counter).toBe(2n ** 40n);
    expect([...found.publicKey]).toEqual([9, 8, 7]);
    expect(found.transports).toEqual(['usb', 'nfc']);
  });

  it('finds users by a fragment of their name (the trigram-indexed search)', async () => {
    const name = unique('trigram');
    await makeUser(prisma, name);
    const found = await prisma.user.findMany({
      where: {
        OR: [
          { username: { contains: 'IGRAM', mode: 'insensitive' } },
          { displayName: { contains: 'igram' } },
        ],
      },
    });
    expect(found.map((user) => user.username)).toContain(name);
  });
});
