import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSqlTransaction } from '../src/sql-transaction.js';
import { createTestDatabase } from '../src/testing/index.js';
import type { TestDatabase } from '../src/testing/index.js';

/**
 * Database.transaction: a transaction without the ORM, for what must not load its query compiler
 * (the first start's bootstrap). Its `query` calls run on it; it commits or rolls back whole.
 */
describe('a SQL transaction (Database.transaction)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const txid = async () =>
    (await database.db.query<{ id: string }>('txid', 'SELECT txid_current()::text AS id'))[0]?.id;
  const insert = (id: string) =>
    database.db.query('insert_company', 'INSERT INTO companies (id, name) VALUES ($1, $1)', [id]);
  const count = async (id: string) =>
    Number(
      (
        await database.db.query<{ n: number }>(
          'count_company',
          'SELECT count(*)::int AS n FROM companies WHERE id = $1',
          [id],
        )
      )[0]?.n,
    );

  it('runs every query inside it in one transaction, and commits', async () => {
    const [first, second, inside] = await database.db.transaction(async () => {
      await insert('sqltx-commit');
      return [await txid(), await txid(), inSqlTransaction()];
    });
    expect(first).toBe(second);
    expect(inside).toBe(true);
    expect(inSqlTransaction()).toBe(false);
    // Outside, each statement is a transaction of its own.
    expect(await txid()).not.toBe(await txid());
    expect(await count('sqltx-commit')).toBe(1);
  });

  it('rolls back everything when its work throws, and throws that error', async () => {
    const failure = new Error('refused');
    await expect(
      database.db.transaction(async () => {
        await insert('sqltx-rollback');
        expect(await count('sqltx-rollback')).toBe(1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await count('sqltx-rollback')).toBe(0);
  });

  it('rolls back when a statement fails', async () => {
    await expect(
      database.db.transaction(async () => {
        await insert('sqltx-duplicate');
        await insert('sqltx-duplicate');
      }),
    ).rejects.toThrow();
    expect(await count('sqltx-duplicate')).toBe(0);
  });

  it('joins an open one when nested', async () => {
    const [outer, inner] = await database.db.transaction(async () => [
      await txid(),
      await database.db.transaction(txid),
    ]);
    expect(inner).toBe(outer);
  });

  it('refuses the ORM inside it, which on PGlite would wait for it forever', async () => {
    await expect(
      database.db.transaction(async () => database.db.prisma.company.count()),
    ).rejects.toThrow('The ORM inside Database.transaction (company): use db.query');
    // Outside it the ORM works as ever.
    expect(await database.db.prisma.company.count({ where: { id: 'sqltx-none' } })).toBe(0);
  });

  it('is refused inside an ORM transaction', async () => {
    await expect(
      database.db.prisma.$transaction(async () => database.db.transaction(txid)),
    ).rejects.toThrow('Database.transaction inside an ORM transaction');
  });

  it('is not reached by work that outlives it', async () => {
    let late!: Promise<string | undefined>;
    let inside: string | undefined;
    await database.db.transaction(async () => {
      inside = await txid();
      late = new Promise((resolve) => setTimeout(() => resolve(txid()), 20));
    });
    // After the commit the timer's query runs on its own, not on the ended transaction.
    const after = await late;
    expect(after).toBeDefined();
    expect(after).not.toBe(inside);
  });

  it('is not reached by work that outlives it while another one is still open', async () => {
    if (database.db.kind === 'pglite') return; // one connection: transactions cannot overlap
    let release!: () => void;
    const other = database.db.transaction(
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    let late!: Promise<boolean>;
    await database.db.transaction(async () => {
      late = new Promise((resolve) => setTimeout(() => resolve(inSqlTransaction()), 20));
    });
    try {
      // The other transaction keeps the store switched on: the ended one must still not be seen.
      expect(await late).toBe(false);
    } finally {
      release();
      await other;
    }
  });
});
