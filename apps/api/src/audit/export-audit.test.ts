import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@portico/contracts';
import { AUDIT_EXPORT_MAX, calls } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform } from '../../test/factories.js';
import { sendCall } from '../../test/send-call.js';
import type { Member, Trail } from './audit.fixtures.js';
import { addEvent, minute, seedTrail } from './audit.fixtures.js';
import { CSV_HEADER } from './export-format.js';

/**
 * audit.export: the whole filtered set as CSV or JSON lines, under the same scope as
 * audit.list; CSV quoting and formula neutralising; the bound; the export's own audit event.
 */

/** An RFC 4180 reader, enough to read back what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  return rows;
}

describe('audit.export', () => {
  let t: TestApp;
  let w: Trail;
  let tricky: string;

  const exportAs = (caller: Member, query: Record<string, string>) =>
    sendCall(t, calls.audit.exportEvents, { query }, { cookie: caller.session.cookie });

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    w = await seedTrail(t);
    await t.db.prisma.auditEvent.deleteMany();
    // Values a spreadsheet would run or split: every one must come back as the same text.
    await t.db.prisma.user.update({
      where: { id: w.a.owner.id },
      data: { displayName: '=cmd|"/c calc"!A1' },
    });
    tricky = await addEvent(t, {
      at: minute(1),
      action: 'user.preference.update',
      actorId: w.a.owner.id,
      companyId: w.a.id,
      target: '@SUM(1+1)',
      ip: '198.51.100.7',
      details: { fname: '+Eve, "the" one', lname: '-Line\nbreak' },
    });
    await addEvent(t, { at: minute(2), action: 'branch.add', companyId: w.a.id });
    await addEvent(t, { at: minute(3), action: 'branch.add', companyId: w.b.id });
  });
  afterAll(() => t.close());

  it('writes CSV with a header, quoting and neutralised formulas, as an attachment', async () => {
    const res = await exportAs(w.a.admin, { format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="portico-audit-[\dT-]+Z\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows).toHaveLength(3);
    const row = Object.fromEntries(CSV_HEADER.map((name, i) => [name, rows[2]?.[i]]));
    expect(row).toEqual({
      id: tricky,
      time: minute(1).toISOString(),
      action: 'user.preference.update',
      actor_id: w.a.owner.id,
      actor_email: w.a.owner.email,
      actor_name: `'=cmd|"/c calc"!A1`,
      target: "'@SUM(1+1)",
      target_email: '',
      company_id: w.a.id,
      company_name: w.a.name,
      client: '',
      ip: '198.51.100.7',
      details: JSON.stringify({ fname: '+Eve, "the" one', lname: '-Line\nbreak' }),
    });
  });

  it('writes JSON lines of the same events audit.list answers, for the same filter', async () => {
    const query = { action: 'branch.add' };
    const res = await exportAs(w.platform, { ...query, format: 'jsonl' });
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.body.endsWith('\n')).toBe(true);
    const lines = res.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditEvent);
    const listed = await sendCall(
      t,
      calls.audit.list,
      { query },
      {
        cookie: w.platform.session.cookie,
      },
    );
    expect(lines).toEqual(listed.json<{ Msg: { events: AuditEvent[] } }>().Msg.events);
    expect(lines).toHaveLength(2);
  });

  it("exports none of company A's events to company B's admin", async () => {
    const res = await exportAs(w.b.admin, { format: 'jsonl' });
    const companies = res.body
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as AuditEvent).company?.id);
    expect(companies).toEqual([w.b.id]);
    expect(res.body).not.toContain(w.a.owner.email);
    expect(res.body).not.toContain(w.a.name);
  });

  it('records each export in the trail: who, the format, how many and the filter', async () => {
    await exportAs(w.a.owner, { format: 'csv', action: 'branch.add' });
    const recorded = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'audit.export', actorId: w.a.owner.id },
      orderBy: { id: 'desc' },
    });
    expect(recorded).toMatchObject({
      companyId: w.a.id,
      details: { format: 'csv', events: 1, filter: { action: 'branch.add' } },
    });
  });

  it('refuses a missing or unknown format, and a member without a company role', async () => {
    const queries: Record<string, string>[] = [
      {},
      { format: 'xlsx' },
      { format: 'csv', from: 'today' },
    ];
    for (const query of queries) {
      const res = await exportAs(w.platform, query);
      expect(res.json()).toMatchObject({ Code: 'incomplete_param' });
    }
    expect((await exportAs(w.a.member, { format: 'csv' })).json()).toMatchObject({
      Code: 'forbidden',
    });
  });

  it(`refuses more than ${AUDIT_EXPORT_MAX} events with export_too_large, recording nothing`, async () => {
    await t.db.prisma.$executeRaw`
      INSERT INTO audit_events (at, action, company_id)
      SELECT now() - make_interval(secs => i), 'bulk.event', ${w.b.id}
        FROM generate_series(1, ${AUDIT_EXPORT_MAX + 1}) i`;
    const before = await t.db.prisma.auditEvent.count();
    const res = await exportAs(w.b.admin, { format: 'csv' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 'export_too_large' });
    expect(await t.db.prisma.auditEvent.count()).toBe(before);
    // Exactly the bound is exported whole, in batches, each event once.
    await t.db.prisma.$executeRaw`
      DELETE FROM audit_events WHERE id = (SELECT min(id) FROM audit_events WHERE action = 'bulk.event')`;
    const whole = await exportAs(w.b.admin, { format: 'jsonl', action: 'bulk.event' });
    const ids = whole.body
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as AuditEvent).id);
    expect(ids).toHaveLength(AUDIT_EXPORT_MAX);
    expect(new Set(ids).size).toBe(AUDIT_EXPORT_MAX);
  });
});
