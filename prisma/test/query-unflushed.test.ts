import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../src/testing/index.js';
import type { TestDatabase } from '../src/testing/index.js';

/**
 * Database.queryUnflushed: a write whose commit does not wait for the disk (the sign-in's
 * lockout claim, which a flushed write of the same request always follows).
 */
describe('queryUnflushed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const setting = 'SELECT current_setting($1) AS value';

  it('commits without flushing on PostgreSQL; query still flushes', async () => {
    const { db } = database;
    const [unflushed] = await db.queryUnflushed<{ value: string }>('t_unflushed', setting, [
      'synchronous_commit',
    ]);
    const [flushed] = await db.query<{ value: string }>('t_flushed', setting, [
      'synchronous_commit',
    ]);
    expect(flushed?.value).toBe('on');
    // PGlite has one connection and its own durability: there it is `query`.
    expect(unflushed?.value).toBe(db.kind === 'postgres' ? 'off' : 'on');
  });

  it('writes what it is given, and joins an open transaction', async () => {
    const { db } = database;
    await db.queryUnflushed(
      't_unflushed_insert',
      'INSERT INTO companies (id, name) VALUES ($1, $2)',
      ['unflushed-a', 'A'],
    );
    expect(await db.prisma.company.count({ where: { id: 'unflushed-a' } })).toBe(1);
    await expect(
      db.prisma.$transaction(async () => {
        await db.queryUnflushed(
          't_unflushed_insert',
          'INSERT INTO companies (id, name) VALUES ($1, $2)',
          ['unflushed-b', 'B'],
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.prisma.company.count({ where: { id: 'unflushed-b' } })).toBe(0);
  });
});
