import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@portico/db';
import { createTestDatabase } from '@portico/db/testing';
import type { Database } from '../db.js';
import { unique } from '../../test/factories.js';
import { accountFinder } from './account.js';
import { prismaAdapter } from './adapter.js';
import { seal } from './keys.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-oidc-keys';

/** PostgreSQL (a test database) and the embedded PGlite of `pnpm start` (a fresh data folder). */
const DATABASES: [string, () => Promise<{ db: Database; close(): Promise<void> }>][] = [
  [
    'PostgreSQL',
    async () => {
      const database = await createTestDatabase();
      return { db: database.db, close: () => database.drop() };
    },
  ],
  [
    'the embedded PGlite',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-oidc-pglite-'));
      const db = await openDatabase({ dataDir });
      await db.migrate();
      return {
        db,
        async close() {
          await db.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  ],
];

/**
 * oidc-provider's Adapter contract (example/my_adapter.js describes it) on both databases the
 * API runs on: its statements are prepared SQL, so each engine must read them the same.
 */
describe.each(DATABASES)('the OpenID Provider adapter on %s', (_name, open) => {
  let t: { db: Database; close(): Promise<void> };
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.close());

  it('stores, finds, consumes and destroys one model instance', async () => {
    const codes = prismaAdapter(t.db, SECRET)('AuthorizationCode');
    const id = unique('code');
    const payload = { jti: id, kind: 'AuthorizationCode', grantId: unique('grant'), exp: 1 };
    await codes.upsert(id, payload, 60);
    expect(await codes.find(id)).toEqual(payload);
    // Models do not see each other's ids.
    expect(await prismaAdapter(t.db, SECRET)('AccessToken').find(id)).toBeUndefined();

    await codes.consume(id);
    const consumed = await codes.find(id);
    expect(consumed).toMatchObject(payload);
    expect(typeof consumed?.consumed).toBe('number');

    await codes.upsert(id, { ...payload, scope: 'openid' }, 60);
    expect(await codes.find(id)).toMatchObject({ scope: 'openid' });
    await codes.destroy(id);
    expect(await codes.find(id)).toBeUndefined();
  });

  it('reads an expired instance as absent', async () => {
    const sessions = prismaAdapter(t.db, SECRET)('Session');
    const id = unique('session');
    await sessions.upsert(id, { jti: id, uid: unique('uid') }, 60);
    await t.db.prisma.oidcRecord.update({
      where: { model_id: { model: 'Session', id } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await sessions.find(id)).toBeUndefined();
  });

  it('finds a session by uid and a device code by user code', async () => {
    const sessions = prismaAdapter(t.db, SECRET)('Session');
    const uid = unique('uid');
    await sessions.upsert(unique('s'), { uid, accountId: 'a1' }, 60);
    expect(await sessions.findByUid(uid)).toMatchObject({ uid, accountId: 'a1' });
    const devices = prismaAdapter(t.db, SECRET)('DeviceCode');
    const userCode = unique('UC');
    await devices.upsert(unique('d'), { userCode }, 60);
    expect(await devices.findByUserCode(userCode)).toMatchObject({ userCode });
  });

  it('revokes every record of a grant across models', async () => {
    const grantId = unique('grant');
    const other = unique('grant');
    const access = prismaAdapter(t.db, SECRET)('AccessToken');
    const refresh = prismaAdapter(t.db, SECRET)('RefreshToken');
    const [a, r, kept] = [unique('at'), unique('rt'), unique('at')];
    await access.upsert(a, { grantId }, 60);
    await refresh.upsert(r, { grantId }, 60);
    await access.upsert(kept, { grantId: other }, 60);
    // The Grant record is keyed by its own id and carries no grant id: it must go too.
    await prismaAdapter(t.db, SECRET)('Grant').upsert(grantId, { jti: grantId }, 60);
    await access.revokeByGrantId(grantId);
    expect(await access.find(a)).toBeUndefined();
    expect(await refresh.find(r)).toBeUndefined();
    expect(await t.db.prisma.oidcRecord.count({ where: { model: 'Grant', id: grantId } })).toBe(0);
    expect(await access.find(kept)).toMatchObject({ grantId: other });
  });

  it("reads a client's OIDC settings from the clients table, the secret unsealed", async () => {
    const app = unique('app');
    await t.db.prisma.application.create({ data: { id: app, name: 'App', status: 3 } });
    const client = await t.db.prisma.client.create({
      data: {
        appId: app,
        secretHash: 'h',
        secretMask: 'm',
        redirect: 'https://rp.example.test/portico',
        oidcRedirectUris: ['https://rp.example.test/cb'],
        oidcSecretSealed: seal(SECRET, 'the-secret'),
        oidcGrantTypes: ['authorization_code', 'client_credentials'],
        oidcAccessTokenTtl: 120,
      },
    });
    const found = await prismaAdapter(t.db, SECRET)('Client').find(client.id);
    expect(found).toMatchObject({
      client_id: client.id,
      client_secret: 'the-secret',
      redirect_uris: ['https://rp.example.test/cb'],
      post_logout_redirect_uris: [],
      grant_types: ['authorization_code', 'client_credentials'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      portico_access_token_ttl: 120,
      portico_fapi2: false,
    });
    expect(await prismaAdapter(t.db, SECRET)('Client').find('no-such-client')).toBeUndefined();
  });

  it('reads the account with the company of its grant in one statement', async () => {
    const app = unique('app');
    await t.db.prisma.application.create({ data: { id: app, name: 'App', status: 3 } });
    await t.db.prisma.role.createMany({
      data: [
        { appId: app, id: 'viewer', name: 'Viewer' },
        { appId: app, id: 'editor', name: 'Editor' },
      ],
    });
    const company = await t.db.prisma.company.create({ data: { id: unique('co'), name: 'Acme' } });
    const user = await t.db.prisma.user.create({
      data: {
        username: unique('u'),
        email: `${unique('u')}@example.test`,
        displayName: 'Nora',
        passwordHash: 'x',
      },
    });
    const device = await t.db.prisma.device.create({
      data: { userId: user.id, fingerprintHash: unique('fp'), name: 'B', type: 'desktop' },
    });
    const client = await t.db.prisma.client.create({
      data: { appId: app, secretHash: 'h', secretMask: 'm', redirect: 'https://rp.test/cb' },
    });
    await t.db.prisma.access.create({
      data: {
        companyId: company.id,
        appId: app,
        email: user.email,
        userId: user.id,
        status: 'verified',
        roles: { create: [{ roleId: 'viewer' }, { roleId: 'editor' }] },
      },
    });
    await t.db.prisma.branch.create({ data: { companyId: company.id, id: 'north', name: 'N' } });
    await t.db.prisma.userBranch.create({
      data: { userId: user.id, companyId: company.id, branchId: 'north' },
    });
    const grantId = unique('grant');
    await t.db.prisma.oidcGrant.create({
      data: {
        grantId,
        userId: user.id,
        deviceId: device.id,
        clientId: client.id,
        companyId: company.id,
      },
    });
    const find = accountFinder(t.db);
    const ctx = {} as Parameters<typeof find>[0];
    const account = await find(ctx, user.id, { grantId } as Parameters<typeof find>[2]);
    expect(await account?.claims('id_token', 'openid', {}, [])).toMatchObject({
      sub: user.id,
      name: 'Nora',
      company_id: company.id,
      company_name: 'Acme',
      roles: ['editor', 'viewer'],
      branches: ['north'],
    });
    // A token of a grant Portico does not know finds no account.
    expect(await find(ctx, user.id, { grantId: 'unknown' } as Parameters<typeof find>[2])).toBe(
      undefined,
    );
  });
});
