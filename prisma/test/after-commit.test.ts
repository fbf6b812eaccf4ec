import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, owningClient } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';
import type { TestDatabase } from '../src/testing/index.js';

/**
 * afterCommit: what must wait for the commit (telling a SIEM about an audit event) runs after
 * the outermost transaction commits, never when it rolls back, and at once outside one.
 */
describe('afterCommit', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const companyCount = (id: string) => database.db.prisma.company.count({ where: { id } });

  it('runs after the commit, when the row is visible outside the transaction', async () => {
    const prisma = database.db.prisma;
    const seen: Array<[string, number]> = [];
    await prisma.$transaction(async (tx) => {
      await tx.company.create({ data: { id: 'after-commit-a', name: 'A' } });
      afterCommit(() => seen.push(['first', -1]));
      // A nested $transaction joins the open one: its hooks wait for the same commit.
      await prisma.$transaction(async () => {
        afterCommit(() => seen.push(['nested', -1]));
      });
      expect(seen).toEqual([]);
    });
    expect(seen.map(([name]) => name)).toEqual(['first', 'nested']);
    expect(await companyCount('after-commit-a')).toBe(1);
  });

  it('never runs when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(
      database.db.prisma.$transaction(async (tx) => {
        await tx.company.create({ data: { id: 'after-commit-b', name: 'B' } });
        afterCommit(() => seen.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([]);
    expect(await companyCount('after-commit-b')).toBe(0);
  });

  it('runs at once outside a transaction, and a throwing hook does not fail the commit', async () => {
    const seen: string[] = [];
    afterCommit(() => seen.push('now'));
    expect(seen).toEqual(['now']);
    await database.db.prisma.$transaction(async (tx) => {
      await tx.company.create({ data: { id: 'after-commit-c', name: 'C' } });
      afterCommit(() => {
        throw new Error('the hook fails');
      });
      afterCommit(() => seen.push('still runs'));
    });
    expect(seen).toEqual(['now', 'still runs']);
    expect(await companyCount('after-commit-c')).toBe(1);
  });

  it('tells the client a transaction belongs to', async () => {
    const prisma = database.db.prisma;
    expect(owningClient(prisma)).toBe(prisma);
    await prisma.$transaction(async (tx) => {
      expect(owningClient(tx)).toBe(prisma);
    });
  });
});
