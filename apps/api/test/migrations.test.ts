import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '@portico/db';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

describe('migrations at start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('the test database has every migration of prisma/migrations recorded', async () => {
    const folders = readdirSync(migrationsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const rows = await t.db.prisma.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name`;
    expect(rows.map((row) => row.migration_name)).toEqual(folders);
  });

  it('applying them again at start applies nothing', async () => {
    expect(await t.db.migrate()).toMatchObject({ applied: [] });
  });
});
