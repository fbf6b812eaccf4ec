import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, CallDefinition } from '@portico/contracts';
import { PLATFORM_COMPANY_ID, allCalls } from '@portico/contracts';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
} from './factories.js';
import { tableFingerprint } from './fingerprint.js';

/**
 * One table for every guarded call of the contracts, called as six kinds of caller. A caller the
 * access level refuses must get the guard's code and change nothing; a caller it lets through
 * must never get a guard code (whatever the payload then answers). Cross-tenant payloads are in
 * tenant-isolation.test.ts.
 */
type Actor = 'nobody' | 'member' | 'companyAdmin' | 'companyOwner' | 'otherAdmin' | 'platformAdmin';

const ALLOWED: Record<Exclude<Access, 'public' | 'client'>, readonly Actor[]> = {
  session: ['member', 'companyAdmin', 'companyOwner', 'otherAdmin', 'platformAdmin'],
  'expired-session': ['member', 'companyAdmin', 'companyOwner', 'otherAdmin', 'platformAdmin'],
  'company-admin': ['companyAdmin', 'companyOwner', 'otherAdmin', 'platformAdmin'],
  'platform-admin': ['platformAdmin'],
};

const GUARD_CODES = [
  'auth_invalid',
  'cookie_err',
  'session_invalid',
  'session_expired',
  'forbidden',
];

const guarded = allCalls.filter(
  (call): call is CallDefinition & { access: keyof typeof ALLOWED } =>
    call.access !== 'public' && call.access !== 'client',
);

describe('authorisation of every guarded call', () => {
  let t: TestApp;
  const cookies: Partial<Record<Actor, string>> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const admin = await bootstrapPlatform(t);
    const companyA = await createCompany(t);
    const companyB = await createCompany(t);
    const app = await createApp(t);
    const member = await createUser(t);
    await grantAccess(t, {
      companyId: companyA.id,
      appId: app.id,
      user: member,
      roles: ['viewer'],
    });
    cookies.member = (await openTestSession(t, member, { companyId: companyA.id })).cookie;
    cookies.companyAdmin = (await signedInMember(t, companyA.id, ['admin'])).session.cookie;
    cookies.companyOwner = (await signedInMember(t, companyA.id, ['owner'])).session.cookie;
    cookies.otherAdmin = (await signedInMember(t, companyB.id, ['admin'])).session.cookie;
    cookies.platformAdmin = (
      await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })
    ).cookie;
  });
  afterAll(() => t.close());

  const call = (definition: CallDefinition, cookie: string | undefined) =>
    t.app.inject({
      method: definition.method,
      url: definition.path.replace(/:(\w+)/g, 'x'),
      headers: cookie ? { cookie } : {},
      ...(definition.method === 'POST' ? { payload: {} } : {}),
    });

  it('covers every guarded call of the contracts', () => {
    expect(guarded.length).toBeGreaterThan(50);
  });

  describe.each(guarded.map((definition) => [definition.id, definition] as const))(
    '%s',
    (_id, definition) => {
      it.each([
        'nobody',
        'member',
        'companyAdmin',
        'companyOwner',
        'otherAdmin',
        'platformAdmin',
      ] as const)('as %s', async (actor) => {
        const allowed = ALLOWED[definition.access].includes(actor);
        const before = allowed ? undefined : await tableFingerprint(t.db);
        const answer = await call(definition, cookies[actor]);
        const { Code } = answer.json<{ Code: string }>();
        if (allowed) {
          expect(GUARD_CODES).not.toContain(Code);
          expect(answer.statusCode).toBeLessThan(500);
          return;
        }
        expect(Code).toBe(actor === 'nobody' ? 'auth_invalid' : 'forbidden');
        expect(await tableFingerprint(t.db)).toEqual(before);
      });
    },
  );
});
