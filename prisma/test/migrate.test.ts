import { appendFile, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  migratePglite,
  migratePostgres,
  migrationsDir,
  openDatabase,
  readMigrations,
} from '../src/index.js';
import { createPglite } from '../src/pglite.js';
import { adminQuery, createEmptyDatabase, findPostgres } from './helpers.js';

const committed = (await readMigrations()).migrationDirectories.map((entry) => entry.path);
const serverUrl = await findPostgres();

const tables = [
  'access',
  'access_roles',
  'applications',
  'audit_events',
  'branches',
  'clients',
  'companies',
  'company_subscriptions',
  'device_verification_codes',
  'devices',
  'exchange_codes',
  'ip_bans',
  'ip_whitelist',
  'login_attempts',
  'mail_jobs',
  'oidc_grants',
  'oidc_records',
  'oidc_signing_keys',
  'passkey_credentials',
  'password_reset_tokens',
  'pins',
  'recovery_codes',
  'roles',
  'sessions',
  'stored_images',
  'totp_factors',
  'user_branches',
  'user_preferences',
  'users',
  'users_list_counts',
  'users_list_entries',
  'webauthn_challenges',
];

const listTables = `SELECT table_name FROM information_schema.tables
  WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`;
const listApplied = `SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NULL AS live
  FROM _prisma_migrations ORDER BY migration_name`;

it('has committed migrations in Prisma’s layout', () => {
  expect(committed.length).toBeGreaterThan(0);
  for (const name of committed) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
});

describe.skipIf(!serverUrl)('on an empty PostgreSQL database', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const drop of cleanup) await drop();
  });

  it('applies every migration once, records them, and applies nothing the second time', async () => {
    const database = await createEmptyDatabase(serverUrl!);
    cleanup.push(database.drop);

    expect(await migratePostgres(database.url)).toEqual({ applied: committed });
    expect(await migratePostgres(database.url)).toEqual({ applied: [] });

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const applied = await client.query(listApplied);
      expect(applied.rows).toEqual(
        committed.map((name) => ({ migration_name: name, finished: true, live: true })),
      );
      const found = (await client.query(listTables)).rows.map((row) => row.table_name);
      expect(found).toEqual([...tables, '_prisma_migrations'].sort());
    } finally {
      await client.end();
    }
  });

  it('lets two processes migrate at once: one applies, the other waits and finds nothing', async () => {
    const database = await createEmptyDatabase(serverUrl!);
    cleanup.push(database.drop);

    const results = await Promise.all([
      migratePostgres(database.url),
      migratePostgres(database.url),
    ]);
    expect(results.map((result) => result.applied).sort()).toEqual([[], committed]);
  });

  /** The committed migrations plus one more, in a folder of their own. */
  async function withExtraMigration(name: string, script: string): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'portico-migrations-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    await cp(migrationsDir, dir, { recursive: true });
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, 'migration.sql'), script);
    return dir;
  }

  it('sends each script whole: a function body with semicolons applies', async () => {
    const database = await createEmptyDatabase(serverUrl!);
    cleanup.push(database.drop);
    const dir = await withExtraMigration(
      '29990101000000_function',
      `CREATE FUNCTION "twice"(n int) RETURNS int LANGUAGE plpgsql AS $$
       DECLARE result int;
       BEGIN
         result := n * 2;
         RETURN result;
       END $$;
       SELECT 'a;b' AS "semicolon in a string";\n`,
    );
    await migratePostgres(database.url, { migrationsDir: dir });
    const { rows } = await adminQuery(database.url, 'SELECT twice(21) AS n');
    expect(rows).toEqual([{ n: 42 }]);
  });

  it('applies a failing migration not at all and reports it', async () => {
    const database = await createEmptyDatabase(serverUrl!);
    cleanup.push(database.drop);
    const dir = await withExtraMigration(
      '29990101000000_broken',
      'CREATE TABLE "broken" ("id" INTEGER);\nCREATE TABLE "broken" ("id" INTEGER);\n',
    );
    await expect(migratePostgres(database.url, { migrationsDir: dir })).rejects.toThrow(/broken/);
    const { rows } = await adminQuery(database.url, listApplied);
    expect(rows.find((row) => row.migration_name === '29990101000000_broken')?.finished).toBe(
      false,
    );
    // One transaction: the first statement did not stay behind.
    const found = (await adminQuery(database.url, listTables)).rows.map((row) => row.table_name);
    expect(found).not.toContain('broken');
  });

  it('finds an up-to-date database up to date without starting the schema engine', async () => {
    const database = await createEmptyDatabase(serverUrl!);
    cleanup.push(database.drop);
    const engineLines: string[] = [];
    const onLog = (line: string) => engineLines.push(line);

    expect(await migratePostgres(database.url, { onLog })).toEqual({ applied: committed });
    expect(engineLines.length).toBeGreaterThan(0);
    engineLines.length = 0;
    expect(await migratePostgres(database.url, { onLog })).toEqual({ applied: [] });
    expect(engineLines).toEqual([]);
  });

  it('migrates through openDatabase and answers ping until closed', async () => {
    const database = await createEmptyDatabase(serverUrl!);
    cleanup.push(database.drop);

    const db = await openDatabase({ url: database.url });
    expect(db.kind).toBe('postgres');
    expect(await db.migrate()).toEqual({ applied: committed });
    expect(await db.ping()).toBe(true);
    expect(await db.prisma.application.findUnique({ where: { id: 'global' } })).toMatchObject({
      name: 'Company',
    });
    await db.close();
    expect(await db.ping()).toBe(false);
  });
});

describe('on PGlite', () => {
  it('applies every migration once, records them, and applies nothing the second time', async () => {
    const client = await createPglite();
    try {
      expect(await migratePglite(client)).toEqual({ applied: committed });
      expect(await migratePglite(client)).toEqual({ applied: [] });
      expect((await client.query(listApplied)).rows).toEqual(
        committed.map((name) => ({ migration_name: name, finished: true, live: true })),
      );
      const found = (await client.query<{ table_name: string }>(listTables)).rows.map(
        (row) => row.table_name,
      );
      expect(found).toEqual([...tables, '_prisma_migrations'].sort());
    } finally {
      await client.close();
    }
  });

  it('starts the schema engine only when a migration is not recorded as applied unchanged', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portico-migrations-'));
    const client = await createPglite();
    const engineLines: string[] = [];
    const migrate = async () => {
      engineLines.length = 0;
      const result = await migratePglite(client, {
        migrationsDir: dir,
        onLog: (line) => engineLines.push(line),
      });
      return { ...result, engineStarted: engineLines.length > 0 };
    };
    try {
      await cp(migrationsDir, dir, { recursive: true });
      expect(await migrate()).toEqual({ applied: committed, engineStarted: true });
      // A restart: one query finds every migration recorded, finished, with its checksum.
      expect(await migrate()).toEqual({ applied: [], engineStarted: false });

      // A new migration still reaches the engine, which applies it.
      await mkdir(path.join(dir, '29990101000000_later'));
      await writeFile(
        path.join(dir, '29990101000000_later', 'migration.sql'),
        'CREATE TABLE "later" ("id" INTEGER PRIMARY KEY);\n',
      );
      expect(await migrate()).toEqual({ applied: ['29990101000000_later'], engineStarted: true });
      expect(await migrate()).toEqual({ applied: [], engineStarted: false });

      // An applied migration edited since: the engine decides, as it did before the check.
      await appendFile(path.join(dir, committed[0]!, 'migration.sql'), '\n-- edited\n');
      expect(await migrate()).toEqual({ applied: [], engineStarted: true });
    } finally {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps its data folder: created if missing, migrated once, reopened with its rows', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'portico-db-'));
    const dataDir = path.join(parent, 'nested', 'pglite');
    try {
      const first = await openDatabase({ dataDir });
      expect(first.kind).toBe('pglite');
      expect(await first.migrate()).toEqual({ applied: committed });
      await first.prisma.company.create({ data: { id: 'core1', name: 'Core' } });
      await first.close();

      const again = await openDatabase({ dataDir });
      expect(await again.migrate()).toEqual({ applied: [] });
      expect(await again.ping()).toBe(true);
      expect(await again.prisma.company.findUnique({ where: { id: 'core1' } })).toMatchObject({
        name: 'Core',
      });
      await again.close();
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('reports a migration that fails instead of recording it as applied', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portico-migrations-'));
    const client = await createPglite();
    try {
      await cp(migrationsDir, dir, { recursive: true });
      await mkdir(path.join(dir, '29990101000000_broken'));
      await writeFile(
        path.join(dir, '29990101000000_broken', 'migration.sql'),
        'CREATE TABLE "broken" ("id" INTEGER);\nCREATE TABLE "broken" ("id" INTEGER);\n',
      );
      await expect(migratePglite(client, { migrationsDir: dir })).rejects.toThrow(/broken/);
      const { rows } = await client.query<{ migration_name: string; finished: boolean }>(
        listApplied,
      );
      expect(rows.find((row) => row.migration_name === '29990101000000_broken')?.finished).toBe(
        false,
      );
    } finally {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
