import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import { knownDevice, signInRequest } from '../auth/sign-in.fixtures.js';

const LOCAL = 'http://localhost:3000/callback';

/** A client body for clients.add / clients.update. */
const fields = (app: string, redirect: string) => ({
  app,
  desc: 'Teller web',
  redirect,
  platform: 'web',
  domain: 'teller.example.test',
  custom_hash: false,
  allow_delete: false,
  allow_multiple_sessions: true,
});

describe.each([
  ['production (the default there)', { NODE_ENV: 'production' }, false],
  ['LOCALHOST_REDIRECTS=false', { LOCALHOST_REDIRECTS: 'false' }, false],
  [
    'production with LOCALHOST_REDIRECTS=true',
    { NODE_ENV: 'production', LOCALHOST_REDIRECTS: 'true' },
    true,
  ],
  ['development (the default there)', { NODE_ENV: 'development' }, true],
] as const)('http://localhost redirects under %s', (_, settings, allowed) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(settings);
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });

  it(allowed ? 'registers them' : 'refuses to register them, adding nothing', async () => {
    const app = await createApp(t);
    const res = await post('/v1/clients/add', fields(app.id, LOCAL));
    if (allowed) {
      expect(res.statusCode).toBe(200);
      expect(await t.db.prisma.client.count({ where: { appId: app.id } })).toBe(1);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        Code: 'incomplete_param',
        Msg: { fields: { redirect: CLIENT_MESSAGES.redirect } },
      });
      expect(await t.db.prisma.client.count({ where: { appId: app.id } })).toBe(0);
    }
  });

  it(allowed ? 'lets a client change to one' : 'refuses to change a client to one', async () => {
    const app = await createApp(t);
    const client = await createClient(t, { appId: app.id });
    const res = await post('/v1/clients/update', { ...fields(app.id, LOCAL), id: client.id });
    expect(res.statusCode).toBe(allowed ? 200 : 400);
    const row = await t.db.prisma.client.findUniqueOrThrow({ where: { id: client.id } });
    expect(row.redirect).toBe(allowed ? LOCAL : client.redirect);
  });

  it(
    allowed
      ? 'signs in to a client registered with one'
      : 'refuses sign-in to a client registered with one before (callback_invalid)',
    async () => {
      const app = await createApp(t);
      const client = await createClient(t, { appId: app.id, redirect: LOCAL });
      const user = await createUser(t);
      const company = await createCompany(t);
      await grantAccess(t, { companyId: company.id, appId: app.id, user, roles: [] });
      await knownDevice(t, user.id);
      const res = await signInRequest(t, {
        uname: user.username,
        pass: user.password,
        client: client.id,
        redirect: LOCAL,
      });
      if (allowed) {
        expect(res.statusCode).toBe(200);
      } else {
        expect(res.json().Code).toBe('callback_invalid');
        expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
      }
    },
  );
});
