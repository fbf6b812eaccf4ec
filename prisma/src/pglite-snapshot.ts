import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import {
  chmod,
  copyFile,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { MigrationSource } from './migrate.js';
import { hashMigrations, migratePglite } from './migrate.js';
import { packageRoot } from './paths.js';
import { createPglite } from './pglite.js';

/**
 * A new embedded database starts from a PGlite data folder made at build time (initdb, then
 * every migration): copying it takes a fraction of a second, where initdb in WebAssembly and the
 * migrations through the schema engine take several. `pnpm build` makes it into
 * `prisma/dist/pglite-snapshot/` (`pgdata/` and `stamp.json`); it holds no secret and no row of
 * the platform, which each start's bootstrap creates.
 *
 * The stamp names what the folder was made from (PGlite's version and the migrations' names and
 * contents): a snapshot of other migrations or another PGlite is never used, and the folder is
 * then initialised and migrated as without one.
 */
export const defaultSnapshotDir = path.join(packageRoot, 'dist', 'pglite-snapshot');

/** Changes when the snapshot's layout does, so an older build's snapshot is not used. */
const SNAPSHOT_FORMAT = 4;
const STAMP = 'stamp.json';
const PGDATA = 'pgdata';

interface Stamp {
  key: string;
  /** The migrations applied in the snapshot, oldest first. */
  migrations: string[];
  /** Files stored without their trailing zeros (trimZeroTails): their whole sizes, by path. */
  sizes: Record<string, number>;
}

/** What a snapshot of `source`'s migrations must be stamped with to be used. */
export async function snapshotKey(source: MigrationSource = {}): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`portico-pglite-snapshot ${SNAPSHOT_FORMAT}\0pglite ${pgliteVersion()}\0`);
  return (await hashMigrations(hash, source.migrationsDir)).digest('hex');
}

let version: string | undefined;

/** PGlite's version: a data folder is only used by the PGlite that wrote it. */
function pgliteVersion(): string {
  if (version) return version;
  const require = createRequire(import.meta.url);
  // The package does not export its package.json; it sits above its entry point's folder.
  const entry = require.resolve('@electric-sql/pglite');
  const manifest = require(path.join(path.dirname(entry), '..', 'package.json')) as {
    version: string;
  };
  version = manifest.version;
  return version;
}

export interface SnapshotOptions {
  /** The snapshot's folder (default: the package's `dist/pglite-snapshot`). */
  snapshotDir?: string;
  /** The migrations it holds (default: the package's). */
  migrations?: MigrationSource;
}

/**
 * Makes the snapshot unless a current one is there; answers whether it made one. The new one is
 * made beside the folder and renamed into place, so a reader never sees half a snapshot.
 */
export async function buildPgliteSnapshot({
  snapshotDir = defaultSnapshotDir,
  migrations = {},
}: SnapshotOptions = {}): Promise<boolean> {
  const key = await snapshotKey(migrations);
  if ((await readStamp(snapshotDir))?.key === key) return false;
  await mkdir(path.dirname(snapshotDir), { recursive: true });
  const staging = `${snapshotDir}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const client = await createPglite({ dataDir: path.join(staging, PGDATA) });
    let applied: string[];
    try {
      ({ applied } = await migratePglite(client, migrations));
      // initdb and the migrations filled 9.7 MB of the first 16 MB WAL segment, which a start
      // only needs for its last checkpoint. A checkpoint in a new segment, the old one deleted
      // rather than kept for reuse: the folder's WAL is then a few hundred bytes and zeros.
      await client.exec('SET wal_recycle = off; SELECT pg_switch_wal(); CHECKPOINT;');
    } finally {
      await client.close();
    }
    await removeOptionalForks(path.join(staging, PGDATA));
    const sizes = await trimZeroTails(path.join(staging, PGDATA));
    // Readable by every user: the server may run as another user than the build (a container's
    // image is built as root and run as `node`). It holds no secret, only the empty schema.
    await chmodTree(path.join(staging, PGDATA), 0o755, 0o644);
    const stamp: Stamp = { key, migrations: applied, sizes };
    await writeFile(path.join(staging, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
    await rm(snapshotDir, { recursive: true, force: true });
    await rename(staging, snapshotDir);
    return true;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Removes every relation's free-space map and visibility map (`<relfilenode>_fsm`, `_vm`): a
 * fifth of the folder's files, and on this kind of disk each file a start copies costs close to a
 * millisecond to create (docs/benchmarks.md, "Cold start"). Both maps are hints that PostgreSQL
 * makes again when it first needs them: a missing one reads as "no page known to have free space
 * or to be all-visible yet", as in a table never vacuumed.
 */
async function removeOptionalForks(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) await removeOptionalForks(target);
    else if (/^\d+_(fsm|vm)$/.test(entry.name)) await rm(target);
  }
}

/** A file's zero tail is left out of the snapshot when it is at least this long. */
const ZERO_TAIL_MIN = 1024 * 1024;

/**
 * Cuts every file under `dir` whose last ZERO_TAIL_MIN bytes or more are zeros down to its last
 * byte that is not, and answers the whole sizes of those files by path. A copy is made whole
 * again by extending it to its size (seedFromSnapshot), which adds zeros: the same bytes, stored
 * as a hole. That is the WAL segment: 16 MB of which a few hundred bytes are written, the rest
 * zeros (PostgreSQL fills a new segment with them). A new data folder is then copied from some
 * 21 MB instead of 38, on machines where the snapshot is often read from the disk.
 */
async function trimZeroTails(dir: string): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end -= 1;
    if (bytes.length - end < ZERO_TAIL_MIN) continue;
    await truncate(file, end);
    sizes[path.relative(dir, file).split(path.sep).join('/')] = bytes.length;
  }
  return sizes;
}

/** Gives the files trimZeroTails cut under `dir` their whole sizes back. */
async function restoreZeroTails(dir: string, sizes: Record<string, number>): Promise<void> {
  for (const [file, size] of Object.entries(sizes)) {
    // Extending a file writes no data: the zeros are a hole, read back as zeros.
    await truncate(path.join(dir, ...file.split('/')), size);
  }
}

async function readStamp(snapshotDir: string): Promise<Stamp | undefined> {
  try {
    const stamp = JSON.parse(await readFile(path.join(snapshotDir, STAMP), 'utf8')) as Stamp;
    const sizesValid =
      typeof stamp.sizes === 'object' &&
      stamp.sizes !== null &&
      Object.values(stamp.sizes).every((size) => Number.isSafeInteger(size) && size >= 0);
    return typeof stamp.key === 'string' && Array.isArray(stamp.migrations) && sizesValid
      ? stamp
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fills a new data folder (missing or empty) from a current snapshot and answers the migrations
 * it brought; answers undefined, touching nothing, for a folder that holds anything or when no
 * current snapshot exists (PGlite then runs initdb and the migrations run as before). The copy
 * is made beside the folder and renamed into place: an interrupted start leaves no half folder.
 */
export async function seedFromSnapshot(
  dataDir: string,
  { snapshotDir = defaultSnapshotDir, migrations = {} }: SnapshotOptions = {},
): Promise<string[] | undefined> {
  if (!(await isMissingOrEmpty(dataDir))) return undefined;
  const stamp = await readStamp(snapshotDir);
  if (!stamp || stamp.key !== (await snapshotKey(migrations))) return undefined;
  await mkdir(path.dirname(dataDir), { recursive: true });
  const staging = `${dataDir}.partial-${randomBytes(4).toString('hex')}`;
  try {
    await copyTree(path.join(snapshotDir, PGDATA), staging);
    await restoreZeroTails(staging, stamp.sizes);
    await rmdir(dataDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(staging, dataDir);
    return stamp.migrations;
  } catch {
    // Anything in the way (the folder filled meanwhile, a copy that failed): start as without.
    return undefined;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Files copied at once: as many as libuv's pool has threads (4 by default), no more. */
const COPY_LANES = 4;

/**
 * A copy of the folder `from` (directories and regular files: all a data folder holds), cloned
 * where the file system can. Its directories are the owner's alone (0700, as a PostgreSQL data
 * folder's), so the files in them are too, whatever their modes.
 *
 * The files go through a few lanes rather than all at once: the server loads its modules
 * meanwhile, and Node reads module files on the same thread pool, behind whatever is queued
 * there. (Four lanes copied the 1,200 files in about 80 ms on an idle machine, one in 150 ms;
 * `fs.cp` took several times as long. On a machine whose disk takes 0.7 ms to create a file,
 * they took 0.9 s: docs/benchmarks.md, "Cold start".)
 */
async function copyTree(from: string, to: string): Promise<void> {
  const folders: Array<Array<[string, string]>> = [];
  const walk = async (source: string, target: string): Promise<void> => {
    await mkdir(target, { mode: 0o700 });
    const files: Array<[string, string]> = [];
    for (const entry of await readdir(source, { withFileTypes: true })) {
      const pair: [string, string] = [path.join(source, entry.name), path.join(target, entry.name)];
      if (entry.isDirectory()) await walk(...pair);
      else files.push(pair);
    }
    folders.push(files);
  };
  await walk(from, to);
  const files = takeInTurn(folders);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let pair = files[next++]; pair; pair = files[next++]) {
      await copyFile(pair[0], pair[1], constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: COPY_LANES }, lane));
}

/**
 * One file from each folder in turn. Creating a file locks its folder, so lanes copying into
 * different folders create their files at once, where lanes in one folder wait for each other:
 * on a disk where a file takes most of a millisecond to create, that halves the copy.
 */
function takeInTurn<T>(lists: T[][]): T[] {
  const all: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let i = 0; i < longest; i += 1) {
    for (const list of lists) {
      const item = list[i];
      if (item !== undefined) all.push(item);
    }
  }
  return all;
}

/** Sets the mode of every directory and file under `dir` (itself included). */
async function chmodTree(dir: string, dirMode: number, fileMode: number): Promise<void> {
  await chmod(dir, dirMode);
  const entries = await readdir(dir, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const target = path.join(dir, entry.name);
      return entry.isDirectory() ? chmodTree(target, dirMode, fileMode) : chmod(target, fileMode);
    }),
  );
}

async function isMissingOrEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}
