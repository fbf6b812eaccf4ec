import { expect, it } from 'vitest';
import { createTestDatabase } from '../src/testing/index.js';

// The embedded fallback, forced (a machine without PostgreSQL takes it by itself). Each test file
// runs in a process of its own, so this setting stays here.
process.env.TEST_DATABASE = 'pglite';

it('falls back to a migrated in-memory PGlite per call', async () => {
  const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  try {
    expect(a.kind).toBe('pglite');
    expect(a.url).toBeUndefined();
    expect(await a.db.prisma.application.count({ where: { id: 'global' } })).toBe(1);
    await a.db.prisma.company.create({ data: { id: 'core1', name: 'Core' } });
    expect(await b.db.prisma.company.count()).toBe(0);
  } finally {
    await a.drop();
    await b.drop();
  }
  expect(await a.db.ping()).toBe(false);
});
