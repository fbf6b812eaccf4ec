import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/index.js';
import type { Database, PrismaClient } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';
import { findPostgres } from './helpers.js';

const onServer = process.env.TEST_DATABASE !== 'pglite' && (await findPostgres()) !== null;

/**
 * users_list_entries (migration users_list_entries) is written only by triggers on access, users
 * and user_preferences. After every kind of write the entries must be exactly what the source
 * tables say: one per (company, e-mail) with access rows, its text the lowercased username,
 * display name and company names of each account the rows point to.
 */
const targets: Array<
  [string, () => Promise<{ db: Database; url?: string; drop(): Promise<void> }>]
> = [
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

/** An entry's text as a set of per-account blocks (4 fields each), NULL kept as null. */
function blocksOf(text: string | null): string[] | null {
  if (text === null) return null;
  if (text === '') return [];
  const fields = text.split('\n');
  const blocks: string[] = [];
  for (let i = 0; i < fields.length; i += 4) blocks.push(fields.slice(i, i + 4).join('|'));
  return blocks.sort();
}

/** What the entries must be, computed here from the source tables. */
async function expectedEntries(prisma: PrismaClient, companies: string[]) {
  const rows = await prisma.access.findMany({
    where: { companyId: { in: companies } },
    select: { companyId: true, email: true, userId: true },
  });
  const byKey = new Map<string, Set<string | null>>();
  for (const row of rows) {
    const key = `${row.companyId} ${row.email}`;
    byKey.set(key, (byKey.get(key) ?? new Set()).add(row.userId));
  }
  const result: Record<string, string[] | null> = {};
  for (const [key, userIds] of byKey) {
    const [companyId] = key.split(' ');
    const blocks: string[] = [];
    for (const userId of userIds) {
      if (userId === null) continue;
      const user = await prisma.user.findUniqueOrThrow({ where: { id: userId } });
      const pref = await prisma.userPreference.findUnique({
        where: { userId_companyId: { userId, companyId: companyId! } },
      });
      blocks.push(
        [user.username, user.displayName, pref?.fname ?? '', pref?.lname ?? '']
          .map((field) => field.toLowerCase())
          .join('|'),
      );
    }
    const distinct = [...new Set(blocks)];
    // The trigger's limit: company, e-mail and text within 2,000 bytes.
    const bytes = Buffer.byteLength(key) - 1 + Buffer.byteLength(distinct.join('\n'));
    result[key] = bytes > 2000 ? null : distinct.sort();
  }
  return result;
}

async function actualEntries(prisma: PrismaClient, companies: string[]) {
  const entries = await prisma.usersListEntry.findMany({ where: { companyId: { in: companies } } });
  return Object.fromEntries(
    entries.map((entry) => [`${entry.companyId} ${entry.email}`, blocksOf(entry.searchText)]),
  );
}

/** What users_list_counts must hold: each company with entries, and how many. */
function countsOf(entries: Record<string, unknown>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of Object.keys(entries)) {
    const [companyId] = key.split(' ');
    counts[companyId!] = (counts[companyId!] ?? 0) + 1;
  }
  return counts;
}

async function actualCounts(prisma: PrismaClient, companies: string[]) {
  const rows = await prisma.usersListCount.findMany({ where: { companyId: { in: companies } } });
  return Object.fromEntries(rows.map((row) => [row.companyId, row.entries]));
}

describe.each(targets)('users_list_entries on %s', (_label, open) => {
  let database: { db: Database; url?: string; drop(): Promise<void> };
  let prisma: PrismaClient;
  let companies: string[];
  let appId: string;

  beforeAll(async () => {
    database = await open();
    prisma = database.db.prisma;
    companies = [unique('c'), unique('c')];
    for (const id of companies) await prisma.company.create({ data: { id, name: id } });
    appId = unique('app');
    await prisma.application.create({ data: { id: appId, name: appId, status: 3 } });
  });
  afterAll(() => database?.drop());

  const agree = async () => {
    const expected = await expectedEntries(prisma, companies);
    expect(await actualEntries(prisma, companies)).toEqual(expected);
    expect(await actualCounts(prisma, companies)).toEqual(countsOf(expected));
  };

  async function makeUser(displayName: string) {
    const username = unique('u');
    return prisma.user.create({
      data: { username, email: `${username}@bank.test`, displayName, passwordHash: 'x' },
    });
  }

  it('follows every write to access, users and user_preferences', async () => {
    const [c1, c2] = companies as [string, string];
    const ann = await makeUser('Ann Arbor');
    const bob = await makeUser('Bob Bristol');
    const row = (companyId: string, user: { id: string; email: string } | null, app = 'global') =>
      ({ companyId, appId: app, email: user?.email ?? '', userId: user?.id ?? null }) as const;

    await prisma.access.create({ data: row(c1, ann) });
    await agree();
    // A bulk insert, an invitee without an account, a second application of the same e-mail.
    const inviteeEmail = `${unique('invitee')}@bank.test`;
    await prisma.access.createMany({
      data: [
        row(c1, ann, appId),
        row(c2, ann),
        row(c1, bob),
        { companyId: c1, appId, email: inviteeEmail, userId: null },
      ],
    });
    await agree();

    // Company names: added, changed, removed.
    await prisma.userPreference.create({ data: { userId: ann.id, companyId: c1, fname: 'Anna' } });
    await agree();
    await prisma.userPreference.update({
      where: { userId_companyId: { userId: ann.id, companyId: c1 } },
      data: { lname: 'Lindqvist' },
    });
    await agree();
    await prisma.userPreference.createMany({
      data: [
        { userId: bob.id, companyId: c1, fname: 'Robert', lname: 'Baines' },
        { userId: bob.id, companyId: c2, fname: 'Bobby', lname: 'Other' },
      ],
    });
    await agree();
    await prisma.userPreference.delete({
      where: { userId_companyId: { userId: bob.id, companyId: c1 } },
    });
    await agree();

    // Renames; a change of another column changes nothing.
    await prisma.user.update({ where: { id: ann.id }, data: { displayName: 'Ann Zed' } });
    await agree();
    await prisma.user.update({ where: { id: bob.id }, data: { username: unique('bobby') } });
    await agree();
    await prisma.user.update({ where: { id: bob.id }, data: { status: 'blocked' } });
    await agree();

    // The invitee gets an account (what registration does), then names.
    const carol = await prisma.user.create({
      data: {
        username: unique('carol'),
        email: inviteeEmail,
        displayName: 'Carol C',
        passwordHash: 'x',
      },
    });
    await prisma.access.updateMany({
      where: { email: inviteeEmail, userId: null },
      data: { userId: carol.id },
    });
    await agree();
    // Status and role changes, then a row moved to another e-mail and another company.
    await prisma.access.updateMany({ where: { companyId: c1 }, data: { status: 'verified' } });
    await agree();
    const moved = await prisma.access.findFirstOrThrow({
      where: { companyId: c1, appId, userId: ann.id },
    });
    await prisma.access.update({
      where: { id: moved.id },
      data: { email: bob.email, userId: bob.id },
    });
    await agree();
    await prisma.access.update({ where: { id: moved.id }, data: { companyId: c2 } });
    await agree();
    // Two accounts behind one e-mail (not made by the calls, but the entry must list both).
    await prisma.access.create({ data: { ...row(c1, carol, appId), email: ann.email } });
    await agree();

    // Rows removed one by one, then an account, then a company.
    await prisma.access.deleteMany({ where: { companyId: c1, email: ann.email, appId } });
    await agree();
    await prisma.access.deleteMany({ where: { companyId: c1, email: ann.email } });
    await agree();
    await prisma.user.delete({ where: { id: carol.id } });
    await agree();
    await prisma.company.update({ where: { id: c2 }, data: { name: 'renamed' } });
    await agree();
    const doomed = unique('c');
    await prisma.company.create({ data: { id: doomed, name: doomed } });
    await prisma.access.create({ data: row(doomed, bob) });
    await prisma.company.delete({ where: { id: doomed } });
    expect(await prisma.usersListEntry.count({ where: { companyId: doomed } })).toBe(0);
    expect(await prisma.usersListCount.count({ where: { companyId: doomed } })).toBe(0);
    await agree();
  });

  it('leaves a text too long for the index out of it (NULL)', async () => {
    const [c1] = companies as [string];
    const dan = await makeUser('Dan');
    await prisma.access.create({
      data: { companyId: c1, appId: 'global', email: dan.email, userId: dan.id },
    });
    await prisma.userPreference.create({
      data: { userId: dan.id, companyId: c1, fname: 'n'.repeat(2500) },
    });
    const entry = await prisma.usersListEntry.findUniqueOrThrow({
      where: { companyId_email: { companyId: c1, email: dan.email } },
    });
    expect(entry.searchText).toBeNull();
    await prisma.userPreference.update({
      where: { userId_companyId: { userId: dan.id, companyId: c1 } },
      data: { fname: 'Short' },
    });
    await agree();
  });
});

/**
 * Two transactions at once (PostgreSQL only: PGlite has one connection). Each case is a race
 * that would leave an entry stale without the triggers' locks: the second writer must wait for
 * the first and then read what it committed.
 */
describe.skipIf(!onServer)('users_list_entries under concurrent writes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let prisma: PrismaClient;
  let companyId: string;
  let appId: string;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    prisma = database.db.prisma;
    companyId = unique('c');
    await prisma.company.create({ data: { id: companyId, name: companyId } });
    appId = unique('app');
    await prisma.application.create({ data: { id: appId, name: appId, status: 3 } });
  });
  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => {});
    await database?.drop();
  });

  async function connect() {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    clients.push(client);
    return client;
  }

  /** Whether `promise` is still pending after a while (the writer is waiting for a lock). */
  async function stillWaiting(promise: Promise<unknown>) {
    const waited = Symbol('waiting');
    const first = await Promise.race([
      promise.then(() => null),
      new Promise((resolve) => setTimeout(() => resolve(waited), 300)),
    ]);
    return first === waited;
  }

  async function makeUser(displayName: string) {
    const username = unique('u');
    return prisma.user.create({
      data: { username, email: `${username}@bank.test`, displayName, passwordHash: 'x' },
    });
  }

  const textOf = async (email: string) =>
    (
      await prisma.usersListEntry.findUnique({
        where: { companyId_email: { companyId, email } },
      })
    )?.searchText;

  it('a rename waits for an access row being added', async () => {
    const user = await makeUser('Before Rename');
    const [first, second] = [await connect(), await connect()];
    await first.query('BEGIN');
    await first.query(
      `INSERT INTO access (id, company_id, app_id, email, user_id) VALUES ($1, $2, 'global', $3, $4)`,
      [unique('a'), companyId, user.email, user.id],
    );
    const rename = second.query(`UPDATE users SET display_name = 'After Rename' WHERE id = $1`, [
      user.id,
    ]);
    expect(await stillWaiting(rename)).toBe(true);
    await first.query('COMMIT');
    await rename;
    expect(await textOf(user.email)).toContain('after rename');
  });

  it('an access row added waits for a change of names in the company', async () => {
    const user = await makeUser('Erin');
    await prisma.access.create({
      data: { companyId, appId: 'global', email: user.email, userId: user.id },
    });
    const [first, second] = [await connect(), await connect()];
    await first.query('BEGIN');
    await first.query(
      `INSERT INTO user_preferences (user_id, company_id, fname, updated_at) VALUES ($1, $2, 'Fenwick', now())`,
      [user.id, companyId],
    );
    await second.query('BEGIN');
    const added = second.query(
      `INSERT INTO access (id, company_id, app_id, email, user_id) VALUES ($1, $2, $3, $4, $5)`,
      [unique('a'), companyId, appId, user.email, user.id],
    );
    expect(await stillWaiting(added)).toBe(true);
    await first.query('COMMIT');
    await added;
    await second.query('COMMIT');
    expect(await textOf(user.email)).toContain('fenwick');
  });

  it('two removals of the last rows of an e-mail remove its entry', async () => {
    const user = await makeUser('Gale');
    const rows = await Promise.all(
      ['global', appId].map((app) =>
        prisma.access.create({
          data: { companyId, appId: app, email: user.email, userId: user.id },
        }),
      ),
    );
    const [first, second] = [await connect(), await connect()];
    await first.query('BEGIN');
    await second.query('BEGIN');
    await first.query('DELETE FROM access WHERE id = $1', [rows[0]!.id]);
    const removed = second.query('DELETE FROM access WHERE id = $1', [rows[1]!.id]);
    expect(await stillWaiting(removed)).toBe(true);
    await first.query('COMMIT');
    await removed;
    await second.query('COMMIT');
    expect(await textOf(user.email)).toBeUndefined();
    // The company's number of entries followed both removals.
    const entries = await prisma.usersListEntry.count({ where: { companyId } });
    const counted = await prisma.usersListCount.findUnique({ where: { companyId } });
    expect(counted?.entries ?? 0).toBe(entries);
  });
});
