import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planMigration } from '../src/dev/plan-migration.js';
import { packageRoot, schemaPath } from '../src/paths.js';

describe('the next migration', () => {
  it('is nothing: the committed migrations produce schema.prisma exactly', async () => {
    const plan = await planMigration();
    expect(plan.basedOn.length).toBeGreaterThan(0);
    expect(plan.script).toBeNull();
  });

  describe('after a change of schema.prisma', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'portico-schema-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('holds exactly that change', async () => {
      const changed = path.join(dir, 'schema.prisma');
      const schema = await readFile(schemaPath, 'utf8');
      await writeFile(
        changed,
        schema.replace('model User {\n', 'model User {\n  nickname String?\n'),
      );
      const plan = await planMigration({ schemaPath: changed });
      const statements = plan.script
        ?.split(';')
        .map((part) => part.trim())
        .filter(Boolean);
      expect(statements).toHaveLength(1);
      expect(statements?.[0]).toMatch(
        /^-- AlterTable\nALTER TABLE "users" ADD COLUMN\s+"nickname" TEXT$/,
      );
    });
  });

  it('is reported as nothing by scripts/new-migration.mjs --check', () => {
    // The script runs the built plan (dist/); it builds the package first when dist/ is missing.
    const run = spawnSync(process.execPath, ['scripts/new-migration.mjs', '--check'], {
      cwd: packageRoot,
      encoding: 'utf8',
    });
    expect(run.stderr).not.toMatch(/differs/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/agrees with the \d+ committed migration\(s\): nothing to write/);
  });
});
