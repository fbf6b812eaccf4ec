import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_PAGE_SIZE, users as usersContract } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
  b64,
  unique,
} from '../../test/factories.js';

const { groupUserRows } = usersContract;

/**
 * users.list's search reads users_list_entries, which triggers keep from access, users and
 * user_preferences (migration users_list_entries). Here the people change through the real
 * calls (profile, names, invitations, removal) and the search must follow at once; and the
 * answers are compared with the source tables read directly (ILIKE over the joined rows).
 */
describe('users.list search, as the people change', () => {
  let t: TestApp;
  let companyId: string;
  let otherCompanyId: string;
  let appId: string;
  let admin: Awaited<ReturnType<typeof signedInMember>>;
  let otherAdmin: Awaited<ReturnType<typeof signedInMember>>;
  const tag = unique('qv');

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    companyId = (await createCompany(t)).id;
    otherCompanyId = (await createCompany(t)).id;
    appId = (await createApp(t)).id;
    await t.db.prisma.branch.create({ data: { companyId, id: 'east', name: 'East' } });
    admin = await signedInMember(t, companyId, ['owner']);
    otherAdmin = await signedInMember(t, otherCompanyId, ['owner']);
    // People whose names share letters, so one- and two-letter searches match many of them.
    const names = ['Ada Lark', 'Bea Arden', 'Cal Marsh', 'Dee Park', 'Eli Stark', 'Fay Ward'];
    for (const [i, displayName] of names.entries()) {
      const user = await createUser(t, { username: `${tag}_${i}`, displayName });
      await grantAccess(t, { companyId, user, roles: [] });
      if (i % 2 === 0) await grantAccess(t, { companyId, user, appId, roles: ['viewer'] });
      if (i < 3) {
        await t.db.prisma.userBranch.create({
          data: { userId: user.id, companyId, branchId: 'east', servicing: true },
        });
      }
      await t.db.prisma.userPreference.create({
        data: {
          userId: user.id,
          companyId,
          fname: displayName.split(' ')[0]!,
          lname: i === 5 ? `Q${i}, 50%` : `Q${i}`,
        },
      });
    }
    await grantAccess(t, {
      companyId,
      appId,
      email: `${tag}_invitee@example.test`,
      roles: ['viewer'],
      status: 'pending',
    });
  });
  afterAll(() => t.close());

  const list = (payload: Record<string, unknown>, cookie = admin.session.cookie) =>
    t.app.inject({ method: 'POST', url: '/v1/users', headers: { cookie }, payload });

  /** Every page of a search: the e-mails in order, each page checked against the total. */
  async function allEmails(payload: Record<string, unknown>, cookie = admin.session.cookie) {
    const emails: string[] = [];
    const totals = new Set<number>();
    for (let offset = 0; ; offset += USERS_PAGE_SIZE) {
      const res = await list({ ...payload, offset }, cookie);
      expect(res.statusCode).toBe(200);
      const msg = res.json().Msg;
      const page = groupUserRows(msg.users).map((user) => user.email);
      emails.push(...page);
      totals.add(msg.total);
      if (page.length < USERS_PAGE_SIZE) {
        expect([...totals]).toEqual([emails.length]);
        return emails;
      }
    }
  }

  /** What the search must answer, from the source tables: ILIKE over every field of a row. */
  async function expected(
    term: string,
    filters: { appFilter?: string; branchFilter?: string } = {},
    company = companyId,
  ) {
    const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const rows = await t.db.prisma.$queryRaw<{ email: string }[]>`
      SELECT DISTINCT a.email FROM access a
        LEFT JOIN users u ON u.id = a.user_id
        LEFT JOIN user_preferences p ON p.user_id = a.user_id AND p.company_id = a.company_id
       WHERE a.company_id = ${company}
         AND (${filters.appFilter ?? null}::text IS NULL OR a.app_id = ${filters.appFilter ?? null})
         AND (${filters.branchFilter ?? null}::text IS NULL OR a.user_id IN (
               SELECT ub.user_id FROM user_branches ub
                WHERE ub.company_id = ${company} AND ub.branch_id = ${filters.branchFilter ?? null}))
         AND (a.email ILIKE ${pattern} OR u.username ILIKE ${pattern}
              OR u.display_name ILIKE ${pattern} OR p.fname ILIKE ${pattern}
              OR p.lname ILIKE ${pattern})
       ORDER BY a.email`;
    return rows.map((row) => row.email);
  }

  const usernamesFound = async (search: string, cookie = admin.session.cookie) =>
    groupUserRows((await list({ offset: 0, search }, cookie)).json().Msg.users).map(
      (user) => user.username,
    );

  it.each([
    ['one letter', 'a', {}],
    ['one capital letter', 'A', {}],
    ['two letters', 'ar', {}],
    ['two letters with the app filter', 'ar', { appFilter: 'APP' }],
    ['one letter with the branch filter', 'a', { branchFilter: 'east' }],
    ['a digit', '1', {}],
    ['an underscore, literally', '_', {}],
    ['a percent sign, literally', '%', {}],
    ['the e-mail domain', '@example', {}],
    ['a first name of the company', 'bea', {}],
    ['a last name of the company', 'q4', {}],
  ])('answers %s as the source tables do', async (_, term, filters: Record<string, string>) => {
    const chosen = filters.appFilter ? { ...filters, appFilter: appId } : filters;
    const want = await expected(term, chosen);
    expect(want.length).toBeGreaterThan(0);
    expect(await allEmails({ search: term, ...chosen })).toEqual(want);
  });

  it('keeps the total on a page past the end of a search', async () => {
    const want = await expected('a');
    const msg = (await list({ offset: 300, search: 'a' })).json().Msg;
    expect(msg).toEqual({ users: [], total: want.length, prefs: [] });
    expect((await list({ offset: 0, search: 'zzqqzz' })).json().Msg).toEqual({
      users: [],
      total: 0,
      prefs: [],
    });
  });

  it('follows a rename, a new username and new company names, in every company', async () => {
    // An e-mail without the username, so that the old username can be looked for.
    const person = await createUser(t, {
      displayName: 'Oswin Ferrant',
      email: `${unique('oswin')}@example.test`,
    });
    await grantAccess(t, { companyId, user: person, roles: [] });
    await grantAccess(t, { companyId: otherCompanyId, user: person, roles: [] });
    expect(await usernamesFound('ferrant')).toEqual([person.username]);
    expect(await usernamesFound('ferrant', otherAdmin.session.cookie)).toEqual([person.username]);

    // The person renames themselves (profile), with names in the session's company.
    const session = await openTestSession(t, person, { companyId });
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/v1/user/update',
      headers: { cookie: session.cookie },
      payload: { dis: 'Oswin Galloway', fname: 'Ozzy', lname: 'Hartwell' },
    });
    expect(renamed.statusCode).toBe(200);
    for (const cookie of [admin.session.cookie, otherAdmin.session.cookie]) {
      expect(await usernamesFound('ferrant', cookie)).toEqual([]);
      expect(await usernamesFound('galloway', cookie)).toEqual([person.username]);
    }
    // Company names belong to one company.
    expect(await usernamesFound('hartwell')).toEqual([person.username]);
    expect(await usernamesFound('hartwell', otherAdmin.session.cookie)).toEqual([]);

    // The administrator changes the names (users screen).
    const named = await t.app.inject({
      method: 'POST',
      url: '/v1/invite/pref',
      headers: { cookie: admin.session.cookie },
      payload: { userid: person.id, fname: 'Imogen', lname: 'Jessop' },
    });
    expect(named.statusCode).toBe(200);
    expect(await usernamesFound('hartwell')).toEqual([]);
    expect(await usernamesFound('ozzy')).toEqual([]);
    expect(await usernamesFound('JESSOP')).toEqual([person.username]);

    // A username changed under the screen (no call does it, the data may).
    const username = unique('renamed_');
    await t.db.prisma.user.update({ where: { id: person.id }, data: { username } });
    expect(await usernamesFound(username.slice(-8))).toEqual([username]);
    expect(await usernamesFound(person.username.slice(-8))).toEqual([]);
  });

  it('drops a person whose access is removed from searches and totals', async () => {
    const person = await createUser(t, { displayName: 'Perpetua Quell' });
    await grantAccess(t, { companyId, user: person, roles: [] });
    await grantAccess(t, { companyId, user: person, appId, roles: ['viewer'] });
    await grantAccess(t, { companyId: otherCompanyId, user: person, roles: [] });
    const before = (await list({ offset: 0 })).json().Msg.total;
    expect(await usernamesFound('perpetua')).toEqual([person.username]);

    const removed = await t.app.inject({
      method: 'POST',
      url: '/v1/user/company/remove',
      headers: { cookie: admin.session.cookie },
      payload: { email: person.email },
    });
    expect(removed.statusCode).toBe(200);
    expect(await usernamesFound('perpetua')).toEqual([]);
    expect((await list({ offset: 0 })).json().Msg.total).toBe(before - 1);
    // Still there in the other company.
    expect(await usernamesFound('perpetua', otherAdmin.session.cookie)).toEqual([person.username]);
  });

  it('finds an invitee by e-mail, then by name once an account has the e-mail', async () => {
    const email = `${unique('rook')}@example.test`;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/v1/invite',
      headers: { cookie: admin.session.cookie },
      payload: { email: b64(email), roles: [{ app: appId, roles: ['viewer'] }] },
    });
    expect(invited.statusCode).toBe(200);
    expect(await allEmails({ search: email.slice(0, 9) })).toEqual([email]);
    expect(await usernamesFound(email.slice(0, 9))).toEqual([null]);
    expect(await usernamesFound('Tamsin Ulverston')).toEqual([]);

    // What registering with the invitation does to the rows (register-user.ts).
    const user = await t.db.prisma.user.create({
      data: {
        username: unique('tamsin_'),
        email,
        displayName: 'Tamsin Ulverston',
        passwordHash: 'not-used',
      },
    });
    await t.db.prisma.access.updateMany({
      where: { email, userId: null },
      data: { userId: user.id },
    });
    expect(await usernamesFound('ulverston')).toEqual([user.username]);
    expect(await usernamesFound('ulverston', otherAdmin.session.cookie)).toEqual([]);
  });

  it('searches names too long for the index, from the source tables', async () => {
    const person = await createUser(t, { displayName: 'Vesna Wilde' });
    await grantAccess(t, { companyId, user: person, roles: [] });
    // Longer than any name the calls accept, written under them.
    await t.db.prisma.userPreference.create({
      data: { userId: person.id, companyId, fname: `${'Long'.repeat(600)}Xanthe`, lname: 'Yoxall' },
    });
    const entry = await t.db.prisma.usersListEntry.findUniqueOrThrow({
      where: { companyId_email: { companyId, email: person.email } },
    });
    expect(entry.searchText).toBeNull();
    expect(await usernamesFound('xanthe')).toEqual([person.username]);
    expect(await usernamesFound('yoxall')).toEqual([person.username]);
    expect(await usernamesFound('wilde')).toEqual([person.username]);
    expect(await allEmails({ search: 'a' })).toEqual(await expected('a'));
  });

  it('matches a term with a line feed within one field only', async () => {
    const person = await createUser(t, { displayName: `Zeno\nAbbott${tag}` });
    await grantAccess(t, { companyId, user: person, roles: [] });
    await t.db.prisma.userPreference.create({
      data: { userId: person.id, companyId, fname: `Brand${tag}`, lname: 'Cole' },
    });
    expect(await usernamesFound(`zeno\nabbott${tag}`)).toEqual([person.username]);
    // The display name's end and the first name's start are neighbours in the entry's text.
    expect(await usernamesFound(`abbott${tag}\nbrand${tag}`)).toEqual([]);
    expect(await expected(`abbott${tag}\nbrand${tag}`)).toEqual([]);
  });
});
