import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir, openDatabase, readMigrations } from '../src/index.js';
import type { Database } from '../src/index.js';
import { buildPgliteSnapshot, seedFromSnapshot } from '../src/pglite-snapshot.js';
import { PGLITE_SHARED_BUFFERS } from '../src/pglite.js';

/**
 * A new embedded database starts as a copy of the snapshot `pnpm build` makes (initdb and every
 * migration, done once): it must be the database the migrations would have made, and a snapshot
 * of other migrations must never be used.
 */
const committed = (await readMigrations()).migrationDirectories.map((entry) => entry.path);

/** The schema as PostgreSQL describes it: columns, constraints, indexes, extensions, enums. */
const SCHEMA = `
  SELECT 'column' AS kind, table_name || '.' || column_name || ' ' || data_type || ' ' ||
         is_nullable || ' ' || coalesce(column_default, '') AS item
    FROM information_schema.columns WHERE table_schema = 'public'
  UNION ALL
  SELECT 'constraint', conrelid::regclass::text || ' ' || conname || ' ' ||
         pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace
  UNION ALL
  SELECT 'index', indexdef FROM pg_indexes WHERE schemaname = 'public'
  UNION ALL
  SELECT 'extension', extname || ' ' || extversion FROM pg_extension
  UNION ALL
  SELECT 'enum', t.typname || '.' || e.enumlabel
    FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
  ORDER BY 1, 2`;

const sharedBuffers = async (db: Database) =>
  (
    await db.query<{ size: string }>('buffers', `SELECT current_setting('shared_buffers') AS size`)
  )[0]?.size;
const schemaOf = (db: Database) => db.query<{ kind: string; item: string }>('schema', SCHEMA);
const recorded = (db: Database) =>
  db.query<{ migration_name: string; checksum: string }>(
    'recorded',
    `SELECT migration_name, checksum FROM _prisma_migrations
      WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );

describe('the PGlite snapshot', () => {
  let work: string;
  let snapshotDir: string;
  const opened: Database[] = [];
  const open = async (...args: Parameters<typeof openDatabase>) => {
    const db = await openDatabase(...args);
    opened.push(db);
    return db;
  };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'portico-snapshot-'));
    snapshotDir = path.join(work, 'snapshot');
    expect(await buildPgliteSnapshot({ snapshotDir })).toBe(true);
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await rm(work, { recursive: true, force: true });
  });

  it('is made once: a current one is kept', async () => {
    expect(await buildPgliteSnapshot({ snapshotDir })).toBe(false);
  });

  it('gives a new data folder the schema and records that migrating gives', async () => {
    const seeded = await open({ dataDir: path.join(work, 'seeded'), pgliteSnapshot: snapshotDir });
    const migrated = await open({ dataDir: path.join(work, 'migrated'), pgliteSnapshot: false });
    // The start reports the same either way: every migration applied to this new folder.
    expect(await seeded.migrate()).toEqual({ applied: committed });
    expect(await migrated.migrate()).toEqual({ applied: committed });

    const schema = await schemaOf(seeded);
    expect(schema.length).toBeGreaterThan(100);
    expect(schema).toEqual(await schemaOf(migrated));
    expect(await recorded(seeded)).toEqual(await recorded(migrated));
    // Either way the buffer cache is the embedded one's, not initdb's 128MB (pglite.ts).
    expect(await sharedBuffers(seeded)).toBe(PGLITE_SHARED_BUFFERS);
    expect(await sharedBuffers(migrated)).toBe(PGLITE_SHARED_BUFFERS);
    // Nothing else is in it: no row of the platform, which each start's bootstrap creates.
    expect(await seeded.prisma.application.count()).toBe(await migrated.prisma.application.count());
    expect(await seeded.prisma.user.count()).toBe(0);
    expect(await seeded.prisma.oidcSigningKey.count()).toBe(0);

    // A restart of the seeded folder applies nothing and keeps its rows.
    await seeded.prisma.company.create({ data: { id: 'core1', name: 'Core' } });
    await seeded.close();
    const again = await open({ dataDir: path.join(work, 'seeded'), pgliteSnapshot: snapshotDir });
    expect(await again.migrate()).toEqual({ applied: [] });
    expect(await sharedBuffers(again)).toBe(PGLITE_SHARED_BUFFERS);
    expect(await again.prisma.company.count({ where: { id: 'core1' } })).toBe(1);
  });

  it('holds no free-space or visibility maps, which a seeded database makes when it needs them', async () => {
    const files = async (dir: string): Promise<string[]> =>
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
        .sort();
    const inSnapshot = await files(path.join(snapshotDir, 'pgdata'));
    expect(inSnapshot.filter((file) => /_(fsm|vm)$/.test(file))).toEqual([]);

    const dataDir = path.join(work, 'maps');
    expect(await seedFromSnapshot(dataDir, { snapshotDir })).toEqual(committed);
    // Every file is copied, whatever order the folders are taken in.
    expect(await files(dataDir)).toEqual(inSnapshot);

    const db = await open({ dataDir, pgliteSnapshot: snapshotDir });
    await db.query(
      'fill',
      `INSERT INTO companies (id, name)
       SELECT 'co' || n, repeat('x', 200) FROM generate_series(1, 2000) AS n`,
    );
    await db.query('delete', `DELETE FROM companies WHERE id LIKE 'co1%'`);
    await db.query('vacuum', 'VACUUM companies');
    const [table] = await db.query<{ file: string }>(
      'file',
      `SELECT pg_relation_filepath('companies') AS file`,
    );
    const made = await files(dataDir);
    expect(made).toContain(`${table?.file}_fsm`);
    expect(made).toContain(`${table?.file}_vm`);
    const [left] = await db.query<{ n: number }>(
      'left',
      'SELECT count(*)::int AS n FROM companies',
    );
    expect(left?.n).toBe(2000 - 1111);
  });

  it('leaves the zeros at the end of the WAL out, and gives a new folder the whole file', async () => {
    const stamp = JSON.parse(await readFile(path.join(snapshotDir, 'stamp.json'), 'utf8')) as {
      sizes: Record<string, number>;
    };
    const trimmed = Object.entries(stamp.sizes);
    // Only the WAL segment has a long tail of zeros; it holds the last checkpoint and little else.
    expect(trimmed.map(([file]) => file)).toEqual([
      expect.stringMatching(/^pg_wal\/[0-9A-F]{24}$/),
    ]);

    const dataDir = path.join(work, 'whole');
    expect(await seedFromSnapshot(dataDir, { snapshotDir })).toEqual(committed);
    for (const [file, size] of trimmed) {
      const stored = await readFile(path.join(snapshotDir, 'pgdata', file));
      const copied = await readFile(path.join(dataDir, file));
      expect(size).toBe(16 * 1024 * 1024);
      expect(stored.length).toBeLessThan(64 * 1024);
      expect(copied.length).toBe(size);
      expect(copied.subarray(0, stored.length).equals(stored)).toBe(true);
      expect(copied.subarray(stored.length).every((byte) => byte === 0)).toBe(true);
    }

    // PostgreSQL starts from it, writes, and finds its rows after a restart.
    const db = await open({ dataDir, pgliteSnapshot: snapshotDir });
    await db.query('write', `INSERT INTO companies (id, name) VALUES ('walco', 'WAL Company')`);
    await db.close();
    const again = await open({ dataDir, pgliteSnapshot: snapshotDir });
    expect(await again.prisma.company.count({ where: { id: 'walco' } })).toBe(1);
  });

  it('is not used for other migrations: the folder is initialised and migrated as without it', async () => {
    const newer = path.join(work, 'newer-migrations');
    await cp(migrationsDir, newer, { recursive: true });
    await mkdir(path.join(newer, '29990101000000_later'));
    await writeFile(
      path.join(newer, '29990101000000_later', 'migration.sql'),
      'CREATE TABLE "later" ("id" INTEGER PRIMARY KEY);\n',
    );
    const dataDir = path.join(work, 'stale');
    expect(
      await seedFromSnapshot(dataDir, { snapshotDir, migrations: { migrationsDir: newer } }),
    ).toBe(undefined);
    expect(await readdir(work)).not.toContain('stale');

    const db = await open({
      dataDir,
      pgliteSnapshot: snapshotDir,
      migrations: { migrationsDir: newer },
    });
    expect(await db.migrate()).toEqual({ applied: [...committed, '29990101000000_later'] });
  });

  it('is not used when its stamp does not match, nor over a folder that holds anything', async () => {
    const tampered = path.join(work, 'tampered');
    await cp(snapshotDir, tampered, { recursive: true });
    const stamp = JSON.parse(await readFile(path.join(tampered, 'stamp.json'), 'utf8'));
    await writeFile(path.join(tampered, 'stamp.json'), JSON.stringify({ ...stamp, key: 'other' }));
    expect(await seedFromSnapshot(path.join(work, 'a'), { snapshotDir: tampered })).toBe(undefined);
    expect(
      await seedFromSnapshot(path.join(work, 'b'), { snapshotDir: path.join(work, 'none') }),
    ).toBe(undefined);

    const occupied = path.join(work, 'occupied');
    await mkdir(occupied);
    await writeFile(path.join(occupied, 'notes.txt'), 'mine');
    expect(await seedFromSnapshot(occupied, { snapshotDir })).toBe(undefined);
    expect(await readdir(occupied)).toEqual(['notes.txt']);

    // An empty folder (made by hand, or by a first start that stopped early) is filled.
    const empty = path.join(work, 'empty');
    await mkdir(empty);
    expect(await seedFromSnapshot(empty, { snapshotDir })).toEqual(committed);
    expect(await readdir(empty)).toContain('PG_VERSION');
    // The snapshot is readable by any user (the server may run as another user than the build);
    // the copy's folders are its owner's alone, as a PostgreSQL data folder's are.
    const mode = async (file: string) => (await stat(file)).mode & 0o777;
    expect(await mode(path.join(snapshotDir, 'pgdata', 'global', 'pg_control'))).toBe(0o644);
    expect(await mode(path.join(snapshotDir, 'pgdata', 'base'))).toBe(0o755);
    expect(await mode(empty)).toBe(0o700);
    expect(await mode(path.join(empty, 'base'))).toBe(0o700);
    expect(await mode(path.join(empty, 'global'))).toBe(0o700);
    // Nothing is left beside it (the copy is made aside and renamed).
    expect((await readdir(work)).filter((name) => name.includes('.partial-'))).toEqual([]);
  });
});
