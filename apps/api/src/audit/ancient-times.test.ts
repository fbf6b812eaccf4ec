import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform } from '../../test/factories.js';
import { tableFingerprint } from '../../test/fingerprint.js';
import type { Trail } from './audit.fixtures.js';
import { addEvent, seedTrail } from './audit.fixtures.js';

/**
 * The time filters take any ISO 8601 moment the contract admits, year 0000 included (1 BC),
 * which PostgreSQL's timestamptz does not: such a `from` or `to` once failed the statement (a
 * 500). A moment before any event answers as it means: from it, every event; before it, none.
 */
describe('audit time filters at the edges of the calendar', () => {
  let t: TestApp;
  let trail: Trail;
  let ids: string[];

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    trail = await seedTrail(t);
    await t.db.prisma.auditEvent.deleteMany({});
    ids = [];
    for (const at of ['2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z']) {
      ids.push(await addEvent(t, { at: new Date(at), companyId: trail.b.id }));
    }
  });
  afterAll(() => t.close());

  const list = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/audit?${query}`,
      headers: { cookie: trail.b.admin.session.cookie },
    });

  const eventIds = (body: string) =>
    (JSON.parse(body) as { Msg: { events: { id: string }[] } }).Msg.events.map((e) => e.id).sort();

  it.each([
    ['from year 0000', 'from=0000-01-01T00:00:00Z', 'all'],
    ['from the last moment of year 0000', 'from=0000-12-31T23:59:59.999Z', 'all'],
    ['from year 0001 at +05:00 (year 0000 in UTC)', 'from=0001-01-01T00:00:00%2B05:00', 'all'],
    ['from year 0001 at -12:00', 'from=0001-01-01T00:00:00-12:00', 'all'],
    ['to year 0000', 'to=0000-06-01T00:00:00Z', 'none'],
    ['to year 0001 at +14:00', 'to=0001-01-01T00:00:00%2B14:00', 'none'],
    ['from year 0000 to year 9999', 'from=0000-01-01T00:00:00Z&to=9999-12-31T23:59:59Z', 'all'],
  ])('audit.list %s answers as it means', async (_name, query, expected) => {
    const res = await list(query);
    expect(res.statusCode).toBe(200);
    expect(eventIds(res.body)).toEqual(expected === 'all' ? [...ids].sort() : []);
  });

  it('audit.export from year 0000 exports every event', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/audit/export?format=jsonl&from=0000-01-01T00:00:00Z',
      headers: { cookie: trail.b.admin.session.cookie },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines).toHaveLength(ids.length);
  });

  it('audit.export to year 0000 exports nothing and changes nothing but its own event', async () => {
    const before = await tableFingerprint(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/audit/export?format=csv&to=0000-01-01T00:00:00Z',
      headers: { cookie: trail.b.admin.session.cookie },
    });
    expect(res.statusCode).toBe(200);
    // The header line only.
    expect(res.body.trim().split('\n')).toHaveLength(1);
    const after = await tableFingerprint(t.db);
    expect({ ...after, audit_events: '' }).toEqual({ ...before, audit_events: '' });
  });
});
