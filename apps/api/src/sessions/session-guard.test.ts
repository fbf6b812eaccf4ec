import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import { requireSession, isCompanyAdmin, isPlatformAdmin } from './session-guard.js';
import { sha256 } from '../credentials/tokens.js';

/**
 * The guard's decisions, read straight from requireSession through a probe route that is
 * registered only in this test (the real calls are tested with their capabilities).
 */
describe('session guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, false, async (app) => {
      app.get('/probe', async (request) => {
        const allowIdle = (request.query as { idle?: string }).idle === '1';
        const s = await requireSession(app, request, allowIdle);
        return {
          idle: s.idle,
          roles: s.roles,
          admin: isCompanyAdmin(s),
          platform: isPlatformAdmin(s),
        };
      });
    });
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const probe = (cookie?: string, idle = false) =>
    t.app.inject({
      method: 'GET',
      url: `/probe${idle ? '?idle=1' : ''}`,
      headers: cookie ? { cookie } : {},
    });

  it('answers auth_invalid without a cookie and cookie_err for a damaged one', async () => {
    expect((await probe()).json()).toMatchObject({ Code: 'auth_invalid' });
    const damaged = await probe('portico_session=not-a-token');
    expect(damaged.statusCode).toBe(401);
    expect(damaged.json()).toMatchObject({ Code: 'cookie_err' });
  });

  it('answers session_invalid for an unknown, ended or past-TTL token', async () => {
    expect((await probe(`portico_session=${'a'.repeat(43)}`)).json()).toMatchObject({
      Code: 'session_invalid',
    });
    const user = await createUser(t);
    const ended = await openTestSession(t, user);
    await t.db.prisma.session.update({ where: { id: ended.id }, data: { endedAt: new Date() } });
    expect((await probe(ended.cookie)).json()).toMatchObject({ Code: 'session_invalid' });
    const old = await openTestSession(t, user);
    await t.db.prisma.session.update({ where: { id: old.id }, data: { expiresAt: new Date() } });
    expect((await probe(old.cookie, true)).json()).toMatchObject({ Code: 'session_invalid' });
  });

  it('answers session_expired with the dialog details when idle, unless idle is allowed', async () => {
    const user = await createUser(t, { displayName: 'Idle Person' });
    const session = await openTestSession(t, user, { needsConfirmation: true });
    const expired = await probe(session.cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      Code: 'session_expired',
      Msg: { dis: 'Idle Person', has_pin_setup: false, is_pin_enabled: false },
    });
    expect((await probe(session.cookie, true)).json()).toMatchObject({ idle: true });
  });

  it('stores only the token hash and reads the roles of the current company', async () => {
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
    const session = await openTestSession(t, user, { companyId: company.id });
    const row = await t.db.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.tokenHash).toBe(sha256(session.token));
    expect(JSON.stringify(row)).not.toContain(session.token);
    expect((await probe(session.cookie)).json()).toEqual({
      idle: false,
      roles: ['global.admin'],
      admin: true,
      platform: false,
    });
  });

  it('treats owners and admins of core1 as platform administrators', async () => {
    const user = await createUser(t);
    await grantAccess(t, { companyId: PLATFORM_COMPANY_ID, user, roles: ['owner'] });
    const session = await openTestSession(t, user, { companyId: PLATFORM_COMPANY_ID });
    expect((await probe(session.cookie)).json()).toMatchObject({ platform: true });
  });
});
