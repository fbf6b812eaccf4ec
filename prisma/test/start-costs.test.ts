import { describe, expect, it } from 'vitest';
import { joinTransactions } from '../src/join-transactions.js';
import { createPglite, loadPgliteArtifacts } from '../src/pglite.js';
import { createTestDatabase } from '../src/testing/index.js';
import type { PrismaClient } from '../src/index.js';

/**
 * What a start no longer pays for before it listens (docs/benchmarks.md, "Cold start", issue 16):
 * the ORM's client is made when first used, and PGlite's WebAssembly can be compiled ahead of
 * the database's creation. Both must leave the database working as before.
 */
describe('the ORM client, made at its first use', () => {
  it('is not made until a member is read, then once, and closes unmade without making it', async () => {
    let made = 0;
    const client = joinTransactions(() => {
      made += 1;
      return { $disconnect: () => Promise.resolve(), marker: 'the client' } as never;
    });
    // Handed around, awaited (a thenable check) and disconnected: nothing needs the client.
    const handed: PrismaClient = client;
    await Promise.resolve(handed);
    await handed.$disconnect();
    expect(made).toBe(0);
    expect((handed as unknown as { marker: string }).marker).toBe('the client');
    expect((handed as unknown as { marker: string }).marker).toBe('the client');
    expect(made).toBe(1);
  });

  it('answers through the database, inside and outside a transaction', async () => {
    const database = await createTestDatabase();
    try {
      const { prisma } = database.db;
      await prisma.company.create({ data: { id: 'lazy-orm', name: 'Lazy ORM' } });
      const inside = await prisma.$transaction(async () =>
        prisma.company.count({ where: { id: 'lazy-orm' } }),
      );
      expect(inside).toBe(1);
    } finally {
      await database.drop();
    }
  });

  it('a database opened and closed without the ORM closes', async () => {
    const database = await createTestDatabase();
    expect(await database.db.query('sql_only', 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await expect(database.drop()).resolves.toBeUndefined();
  });
});

describe("PGlite's WebAssembly compiled ahead", () => {
  it('is a module PGlite starts from, and answers', async () => {
    const artifacts = await loadPgliteArtifacts();
    // A compiled module (WebAssembly's types are not in this package's library).
    expect(Object.prototype.toString.call(artifacts?.pgliteWasmModule)).toBe(
      '[object WebAssembly.Module]',
    );
    const pglite = await createPglite({ artifacts });
    try {
      expect((await pglite.query('SELECT 6 * 7 AS answer')).rows).toEqual([{ answer: 42 }]);
    } finally {
      await pglite.close();
    }
  });
});
