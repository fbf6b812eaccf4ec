import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';
import {
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  unique,
} from './factories.js';

/**
 * Hostile input to the lists: cursors and offsets at their contract's bounds, and search terms
 * that a LIKE pattern or a case fold would misread. Each must answer as documented, never 500.
 */
describe('lists under hostile input', () => {
  let t: TestApp;
  let platform: string;
  let companyId: string;
  let admin: Awaited<ReturnType<typeof signedInMember>>;
  const tag = unique('hl');

  beforeAll(async () => {
    t = await startTestApp();
    const root = await bootstrapPlatform(t);
    platform = (await openTestSession(t, root, { companyId: PLATFORM_COMPANY_ID })).cookie;
    companyId = (await createCompany(t)).id;
    admin = await signedInMember(t, companyId, ['owner']);
    const people = [
      ['a_b', 'Plain Person'],
      ['axb', 'Other Person'],
      ['back', 'Trailing Slash\\'],
      ['turk', 'İSMAİL Işık'],
      ['german', 'Große Straße'],
    ] as const;
    for (const [name, displayName] of people) {
      const user = await createUser(t, { username: `${tag}_${name}`, displayName });
      await grantAccess(t, { companyId, user, roles: [] });
    }
    await t.db.prisma.auditEvent.create({ data: { action: 'probe.event', companyId } });
  });
  afterAll(() => t.close());

  const audit = (query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/audit?${new URLSearchParams(query).toString()}`,
      headers: { cookie: platform },
    });

  it.each([
    ['the latest time a cursor may hold', '999999999999999-1'],
    ['the earliest', '0-0'],
    ['year 10000', '253402300800000-9223372036854775807'],
  ])('pages audit.list after %s', async (_name, cursor) => {
    const res = await audit({ cursor });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['from a moment in year 10000 once in UTC', { from: '9999-12-31T23:59:59-23:59' }, 0],
    ['to a moment in year 10000 once in UTC', { to: '9999-12-31T23:59:59-23:59' }, 1],
  ])('lists and exports %s', async (_name, filter, events) => {
    const query = { ...filter, action: 'probe.event' };
    const res = await audit(query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Msg.events).toHaveLength(events);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/v1/audit/export?${new URLSearchParams({ ...query, format: 'jsonl' }).toString()}`,
      headers: { cookie: platform },
    });
    expect(exported.statusCode, exported.body).toBe(200);
  });

  const search = (search: string, offset = 0) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/users',
      headers: { cookie: admin.session.cookie },
      payload: { offset, search },
    });
  const usernames = (res: { json(): unknown }) =>
    [
      ...new Set(
        (res.json() as { Msg: { users: { username: string | null }[] } }).Msg.users.map(
          (u) => u.username,
        ),
      ),
    ].sort();

  it.each([
    ['"a_b" literally', `${tag}_a_b`, [`${tag}_a_b`]],
    ['a trailing backslash', 'slash\\', [`${tag}_back`]],
    ['a lone backslash', '\\', [`${tag}_back`]],
    ['a percent sign', '%', []],
    ['Turkish dotted capital', 'İSMAİL', [`${tag}_turk`]],
    ['Turkish lower', 'ismail', [`${tag}_turk`]],
    ['dotless i', 'işık', [`${tag}_turk`]],
    ['sharp s', 'straße', [`${tag}_german`]],
    ['capital sharp s', 'STRAẞE', [`${tag}_german`]],
  ])('searches %s', async (_name, term, want) => {
    const res = await search(term);
    expect(res.statusCode, res.body).toBe(200);
    expect(usernames(res)).toEqual(want);
  });

  it('answers an offset at the bound, and refuses past it, negative or fractional', async () => {
    expect((await search('', 1_000_000)).statusCode).toBe(200);
    for (const offset of [1_000_001, -1, 1.5, 1e308]) {
      const res = await search('x', offset);
      expect(res.statusCode, String(offset)).toBe(400);
    }
  });
});
