import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_PAGE_SIZE, users as usersContract } from '@portico/contracts';

const { groupUserRows } = usersContract;
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  signedInMember,
  unique,
} from '../../test/factories.js';

/**
 * users.list on a real database: paging over e-mails (not rows), total, search over every
 * named field, the branch and app filters, prefs, invitees, and tenant isolation.
 */
describe('users.list', () => {
  let t: TestApp;
  let companyId: string;
  let otherCompanyId: string;
  let appId: string;
  let admin: Awaited<ReturnType<typeof signedInMember>>;
  const PEOPLE = 34;
  const tag = unique('zq');

  /** People of the company without going through argon2 (the list does not read passwords). */
  async function seedPeople() {
    for (let i = 0; i < PEOPLE; i += 1) {
      const username = `${tag}_${String(i).padStart(2, '0')}`;
      const user = await t.db.prisma.user.create({
        data: {
          username,
          email: `${username}@example.test`,
          displayName: i === 7 ? 'Quentin Marlowe' : `Person ${i}`,
          passwordHash: 'not-used',
          status: i === 3 ? 'blocked' : 'active',
        },
      });
      await grantAccess(t, { companyId, user, roles: [] });
      if (i % 2 === 0) await grantAccess(t, { companyId, user, appId, roles: ['viewer'] });
      if (i === 5) {
        await t.db.prisma.userPreference.create({
          data: { userId: user.id, companyId, fname: 'Zebulon', lname: 'Ostrander' },
        });
      }
      if (i < 4) {
        await t.db.prisma.userBranch.create({
          data: { userId: user.id, companyId, branchId: 'north', servicing: true },
        });
      }
    }
  }

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    otherCompanyId = (await createCompany(t)).id;
    appId = (await createApp(t)).id;
    await t.db.prisma.branch.create({ data: { companyId, id: 'north', name: 'North' } });
    admin = await signedInMember(t, companyId, ['admin']);
    await seedPeople();
    // An invitee without an account, with two roles.
    await grantAccess(t, {
      companyId,
      appId,
      email: `${tag}_invitee@example.test`,
      roles: ['viewer', 'editor'],
      status: 'pending',
    });
    // Someone of another company only, whose name matches the searches below.
    const stranger = await signedInMember(t, otherCompanyId, ['admin']);
    await t.db.prisma.user.update({
      where: { id: stranger.id },
      data: { displayName: 'Quentin Marlowe' },
    });
  });
  afterAll(() => t.close());

  const list = (payload: Record<string, unknown>, cookie = admin.session.cookie) =>
    t.app.inject({ method: 'POST', url: '/v1/users', headers: { cookie }, payload });

  it('pages over e-mails, 30 a page, with the total of e-mails', async () => {
    const everyone = PEOPLE + 2; // the people, the admin, the invitee
    const first = await list({ offset: 0, prefs: true });
    expect(first.statusCode).toBe(200);
    const msg = first.json().Msg;
    expect(msg.total).toBe(everyone);
    const firstUsers = groupUserRows(msg.users, msg.prefs);
    expect(firstUsers).toHaveLength(USERS_PAGE_SIZE);
    // Rows, not users, are flat: some users have two.
    expect(msg.users.length).toBeGreaterThan(USERS_PAGE_SIZE);
    const second = (await list({ offset: USERS_PAGE_SIZE })).json().Msg;
    expect(second.total).toBe(everyone);
    const secondUsers = groupUserRows(second.users);
    expect(secondUsers).toHaveLength(everyone - USERS_PAGE_SIZE);
    const emails = [...firstUsers, ...secondUsers].map((user) => user.email);
    expect(new Set(emails).size).toBe(everyone);
    expect(emails).toEqual([...emails].sort());
    expect(second.prefs).toEqual([]);
  });

  it('counts a person added or removed at once, when nothing narrows the list', async () => {
    // A full first page takes its total from the company's kept number of e-mails
    // (users_list_counts), not from a count: it must follow every write.
    const before = (await list({ offset: 0 })).json().Msg.total;
    const email = `${tag}_late@example.test`;
    await grantAccess(t, { companyId, appId, email, roles: ['viewer'], status: 'pending' });
    expect((await list({ offset: 0 })).json().Msg.total).toBe(before + 1);
    // A second application of the same e-mail is still one person.
    await grantAccess(t, { companyId, email, roles: [], status: 'pending' });
    expect((await list({ offset: 0 })).json().Msg.total).toBe(before + 1);
    await t.db.prisma.access.deleteMany({ where: { companyId, email } });
    expect((await list({ offset: 0 })).json().Msg.total).toBe(before);
  });

  it('answers an empty page past the end, still with the total', async () => {
    const msg = (await list({ offset: 300 })).json().Msg;
    expect(msg).toEqual({ users: [], total: PEOPLE + 2, prefs: [] });
  });

  it('describes each access row, invitees and statuses included', async () => {
    const pages = [
      (await list({ offset: 0, search: tag, prefs: true })).json().Msg,
      (await list({ offset: USERS_PAGE_SIZE, search: tag, prefs: true })).json().Msg,
    ];
    const msg = { users: [...pages[0].users, ...pages[1].users], prefs: [...pages[0].prefs] };
    const invitee = msg.users.find(
      (row: { email: string }) => row.email === `${tag}_invitee@example.test`,
    );
    expect(invitee).toEqual({
      app: appId,
      code: '',
      email: `${tag}_invitee@example.test`,
      status: 'pending',
      com: companyId,
      userid: null,
      username: null,
      roles: ['editor', 'viewer'],
      user_status: null,
    });
    const blocked = msg.users.filter((row: { username: string }) => row.username === `${tag}_03`);
    expect(blocked.map((row: { app: string }) => row.app)).toEqual(['global']);
    expect(blocked[0]).toMatchObject({ status: 'verified', user_status: 'blocked', roles: [] });
    const zeroRows = msg.users.filter((row: { username: string }) => row.username === `${tag}_00`);
    expect(zeroRows.map((row: { app: string }) => row.app).sort()).toEqual(
      [appId, 'global'].sort(),
    );
    const five = msg.users.find((row: { username: string }) => row.username === `${tag}_05`);
    expect(msg.prefs).toContainEqual({ userid: five.userid, fname: 'Zebulon', lname: 'Ostrander' });
  });

  it.each([
    ['a username fragment', `${tag.slice(-4)}_12`, [`${tag}_12`]],
    ['a display name, any case', 'quentin marl', [`${tag}_07`]],
    ['two letters (too short for the trigram indexes)', 'qU', [`${tag}_07`]],
    ['a first name of the company', 'ZEBUL', [`${tag}_05`]],
    ['a last name of the company', 'ostrand', [`${tag}_05`]],
    ['an e-mail of an invitee', `${tag}_invitee@`, [null]],
    ['LIKE wildcards taken literally', '%_%', []],
  ])('searches %s', async (_, search, usernames) => {
    const msg = (await list({ offset: 0, search })).json().Msg;
    const users = groupUserRows(msg.users);
    expect(users.map((user) => user.username)).toEqual(usernames);
    expect(msg.total).toBe(usernames.length);
  });

  it('filters by branch and by application; "all" is no filter', async () => {
    const byBranch = (await list({ offset: 0, branchFilter: 'north' })).json().Msg;
    expect(groupUserRows(byBranch.users).map((user) => user.username)).toEqual(
      [0, 1, 2, 3].map((i) => `${tag}_0${i}`),
    );
    expect(byBranch.total).toBe(4);
    const byApp = (await list({ offset: 0, appFilter: appId })).json().Msg;
    // Every even person and the invitee; each user's whole access list comes along.
    expect(byApp.total).toBe(PEOPLE / 2 + 1);
    expect(byApp.users.some((row: { app: string }) => row.app === 'global')).toBe(true);
    const both = (await list({ offset: 0, appFilter: appId, branchFilter: 'north' })).json().Msg;
    expect(groupUserRows(both.users).map((user) => user.username)).toEqual([
      `${tag}_00`,
      `${tag}_02`,
    ]);
    const all = (await list({ offset: 0, appFilter: 'all', branchFilter: 'all' })).json().Msg;
    expect(all.total).toBe(PEOPLE + 2);
    const unknown = (await list({ offset: 0, branchFilter: 'nowhere' })).json().Msg;
    expect(unknown).toEqual({ users: [], total: 0, prefs: [] });
  });

  // The page is one prepared statement (list-users.ts): after five executions PostgreSQL may
  // switch a connection to its generic plan, which must answer as the custom ones did.
  it('answers the same on every call of a prepared shape', async () => {
    const shapes = [
      { offset: 0, search: 'QUENTIN', prefs: true },
      { offset: 0, search: tag, appFilter: appId },
      { offset: 0, branchFilter: 'north', prefs: true },
      { offset: USERS_PAGE_SIZE },
    ];
    for (const payload of shapes) {
      const first = (await list(payload)).json().Msg;
      expect(first.total).toBeGreaterThan(0);
      for (let call = 0; call < 8; call += 1) {
        expect((await list(payload)).json().Msg).toEqual(first);
      }
    }
  });

  it('shows only the current company', async () => {
    const other = await signedInMember(t, otherCompanyId, ['owner']);
    const msg = (await list({ offset: 0, search: 'quentin' }, other.session.cookie)).json().Msg;
    expect(msg.total).toBe(1);
    expect(msg.users.every((row: { com: string }) => row.com === otherCompanyId)).toBe(true);
  });

  it('refuses a plain member of the company', async () => {
    const member = await signedInMember(t, companyId, []);
    const res = await list({ offset: 0 }, member.session.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().Code).toBe('forbidden');
  });

  it.each([
    ['a missing offset', {}],
    ['a negative offset', { offset: -1 }],
    ['a wrong type', { offset: '0' }],
    ['an over-long search', { offset: 0, search: 'x'.repeat(101) }],
    ['an extra field', { offset: 0, com: 'core1' }],
    ['an empty filter', { offset: 0, appFilter: '' }],
  ])('answers incomplete_param for %s', async (_, payload) => {
    const res = await list(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
  });
});

// The embedded default (PGlite) runs the same statement through its own client.
describe('users.list on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, false, undefined, { kind: 'pglite' });
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  it('lists a page with its access rows, names, invitees and total', async () => {
    const companyId = (await createCompany(t)).id;
    const admin = await signedInMember(t, companyId, ['admin']);
    const named = await createUser(t, { displayName: 'Ottilie Brandt' });
    await grantAccess(t, { companyId, user: named, roles: [] });
    await t.db.prisma.userPreference.create({
      data: { userId: named.id, companyId, fname: 'Otti', lname: 'Brandt' },
    });
    const invitee = `${unique('inv')}@example.test`;
    await grantAccess(t, { companyId, email: invitee, roles: [], status: 'pending' });
    const list = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/users',
        headers: { cookie: admin.session.cookie },
        payload,
      });

    const page = (await list({ offset: 0, prefs: true })).json().Msg;
    expect(page.total).toBe(3);
    expect(page.users.map((row: { email: string }) => row.email)).toEqual(
      [admin.email, named.email, invitee].sort(),
    );
    expect(page.prefs).toEqual([{ userid: named.id, fname: 'Otti', lname: 'Brandt' }]);
    const found = (await list({ offset: 0, search: 'OTTILIE', prefs: true })).json().Msg;
    expect(found.total).toBe(1);
    expect(found.users).toEqual([
      {
        app: 'global',
        code: '',
        email: named.email,
        status: 'verified',
        com: companyId,
        userid: named.id,
        username: named.username,
        roles: [],
        user_status: 'active',
      },
    ]);
    expect((await list({ offset: 30 })).json().Msg).toEqual({ users: [], total: 3, prefs: [] });
  });
});
