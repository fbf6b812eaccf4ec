import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '@portico/db';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createCompany,
  grantAccess,
  signedInMember,
} from '../../test/factories.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db.js';

const PUBLIC_URL = 'https://portal.example.test';

/**
 * A hostile look at the kept session profile (read-session.ts): replica B keeps a session's
 * roles in company X; on replica A the session leaves X, the person's roles in X change (the
 * triggers raise only the stamps of sessions whose current company is X: none), and the session
 * comes back to X. B's next request sees the same company and, unless the switch itself raised
 * the stamp, the same stamp: it would answer, and authorise, with the roles X no longer gives.
 */
describe('kept session profile across a company round trip on another replica', () => {
  let t: TestApp;
  let replica: FastifyInstance;
  let replicaDb: Database | undefined;
  let replicaDataDir: string | undefined;

  beforeAll(async () => {
    const settings = { PUBLIC_URL, OIDC_KEY_SECRET: randomBytes(32).toString('base64url') };
    t = await startTestApp(settings);
    await bootstrapPlatform(t);
    if (t.url) {
      replicaDb = await openDatabase({ url: t.url, poolSize: 2 });
      replicaDataDir = mkdtempSync(path.join(tmpdir(), 'portico-replica-'));
      replica = await buildApp({
        config: loadConfig({
          NODE_ENV: 'test',
          SERVE_PORTAL: 'false',
          DATA_DIR: replicaDataDir,
          ...settings,
        }),
        db: replicaDb,
        logger: false,
      });
      await replica.ready();
    } else {
      replica = t.app;
    }
  });
  afterAll(async () => {
    if (replica !== t.app) await replica.close();
    await replicaDb?.close();
    if (replicaDataDir) rmSync(replicaDataDir, { recursive: true, force: true });
    await t.close();
  });

  const onB = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    replica.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const onA = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('an admin role taken away while the session was elsewhere is not granted on its return', async () => {
    const x = await createCompany(t, { name: 'Company X' });
    const y = await createCompany(t, { name: 'Company Y' });
    const member = await signedInMember(t, x.id, ['admin']);
    await grantAccess(t, { companyId: y.id, user: member, roles: [] });
    const cookie = member.session.cookie;
    const listUsers = () => onB('POST', '/v1/users', cookie, { offset: 0 });

    // B reads (and keeps) the profile in X: an administrator there.
    expect((await onB('GET', '/v1/auth/details', cookie)).json().Msg.roles).toEqual([
      'global.admin',
    ]);
    expect((await listUsers()).json()).toMatchObject({ Code: '200' });

    // On A: to Y, the admin role in X taken away, back to X.
    expect((await onA('/v1/session/com', cookie, { com: y.id })).json()).toMatchObject({
      Code: '200',
    });
    const access = await t.db.prisma.access.findFirstOrThrow({
      where: { companyId: x.id, userId: member.id, appId: 'global' },
    });
    await t.db.prisma.accessRole.deleteMany({ where: { accessId: access.id } });
    expect((await onA('/v1/session/com', cookie, { com: x.id })).json()).toMatchObject({
      Code: '200',
    });

    // B's next requests: no role in X, so no administrator call.
    expect((await onB('GET', '/v1/auth/details', cookie)).json().Msg.roles).toEqual([]);
    expect((await listUsers()).json()).toMatchObject({ Code: 'forbidden' });
  });
});
