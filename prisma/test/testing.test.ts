import { afterAll, describe, expect, it } from 'vitest';
import {
  STALE_TEMPLATE_MS,
  createTestDatabase,
  currentTemplateName,
  ensureTemplate,
} from '../src/testing/index.js';
import type { TestDatabase } from '../src/testing/index.js';
import { adminQuery, databaseExists, findPostgres } from './helpers.js';

const serverUrl = await findPostgres();
const created: TestDatabase[] = [];

async function create(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  created.push(database);
  return database;
}

afterAll(async () => {
  for (const database of created) await database.drop();
});

describe('createTestDatabase', () => {
  it('gives migrated databases that do not share rows', async () => {
    const [a, b] = await Promise.all([create(), create()]);
    expect(a.kind).toBe(serverUrl ? 'postgres' : 'pglite');
    await a.db.prisma.company.create({ data: { id: 'only-in-a', name: 'A' } });
    expect(await a.db.prisma.company.count({ where: { id: 'only-in-a' } })).toBe(1);
    expect(await b.db.prisma.company.count({ where: { id: 'only-in-a' } })).toBe(0);
    // Both come with what the migrations insert.
    expect(await b.db.prisma.role.count({ where: { appId: 'global' } })).toBe(2);
    expect(await a.db.migrate()).toEqual({ applied: [] });
  });

  it.skipIf(!serverUrl)('clones PostgreSQL databases from one migrated template', async () => {
    const [a, b, c] = await Promise.all([create(), create(), create()]);
    const names = [a, b, c].map((database) => new URL(database.url!).pathname.slice(1));
    expect(new Set(names).size).toBe(3);
    const { rows } = await adminQuery(
      serverUrl!,
      `SELECT datname FROM pg_database WHERE datname = $1 AND datistemplate`,
      [await currentTemplateName()],
    );
    expect(rows).toHaveLength(1);
  });

  it.skipIf(!serverUrl)(
    "keeps another checkout's template used within the hour, and drops an older one",
    async () => {
      const suffix = Math.random().toString(16).slice(2, 10);
      const recent = `portico_tpl_recent${suffix}`;
      const old = `portico_tpl_old${suffix}`;
      const used = {
        [recent]: Date.now() - 60_000,
        [old]: Date.now() - STALE_TEMPLATE_MS - 60_000,
      };
      for (const [name, at] of Object.entries(used)) {
        await adminQuery(serverUrl!, `CREATE DATABASE "${name}"`);
        await adminQuery(serverUrl!, `ALTER DATABASE "${name}" WITH IS_TEMPLATE true`);
        await adminQuery(serverUrl!, `COMMENT ON DATABASE "${name}" IS '${at}'`);
      }
      try {
        await ensureTemplate(serverUrl!, await currentTemplateName());
        expect(await databaseExists(serverUrl!, recent)).toBe(true);
        expect(await databaseExists(serverUrl!, old)).toBe(false);
      } finally {
        for (const name of [recent, old]) {
          await adminQuery(serverUrl!, `ALTER DATABASE "${name}" WITH IS_TEMPLATE false`).catch(
            () => undefined,
          );
          await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS "${name}"`);
        }
      }
    },
  );

  it.skipIf(!serverUrl)('drops its database, and dropping twice is harmless', async () => {
    const database = await create();
    const name = new URL(database.url!).pathname.slice(1);
    expect(await databaseExists(serverUrl!, name)).toBe(true);
    await database.drop();
    await database.drop();
    expect(await databaseExists(serverUrl!, name)).toBe(false);
    expect(await database.db.ping()).toBe(false);
  });
});
