import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform } from '../../test/factories.js';
import type { Trail } from './audit.fixtures.js';
import { addEvent, minute, seedTrail } from './audit.fixtures.js';
import { csvField } from './csv.js';
import { AUDIT_EXPORT_RATE_LIMIT_MAX } from './export-rate-limit.js';

/**
 * Hostile checks of the audit trail's export: the per-account rate limit cannot be doubled by
 * another method of the same URL, and a CSV field cannot start a formula cell in a spreadsheet
 * that splits on semicolons (Excel's list separator in most European locales), nor with the
 * full-width formula characters.
 */
/** The cells of one CSV line as a spreadsheet splits it on `separator` (quotes still group). */
function cellsOf(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === separator && !quoted) {
      cells.push(cell);
      cell = '';
      continue;
    }
    cell += ch;
  }
  cells.push(cell);
  return cells;
}

describe('audit.export under a hostile caller', () => {
  let t: TestApp;
  let w: Trail;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    w = await seedTrail(t);
  });
  afterAll(() => t.close());

  const exportsBy = (userId: string) =>
    t.db.prisma.auditEvent.count({ where: { action: 'audit.export', actorId: userId } });

  it('does not let HEAD requests run exports past the account limit', async () => {
    const send = (method: 'GET' | 'HEAD') =>
      t.app.inject({
        method,
        url: '/v1/audit/export?format=csv',
        headers: { cookie: w.a.admin.session.cookie },
      });
    for (let i = 0; i < AUDIT_EXPORT_RATE_LIMIT_MAX; i += 1) {
      expect((await send('GET')).statusCode).toBe(200);
    }
    expect((await send('GET')).statusCode).toBe(429);
    // HEAD reads and streams the whole export (Fastify drains the body) and records it: it must
    // not be a second, separately counted way in.
    const heads = [];
    for (let i = 0; i < 3; i += 1) heads.push((await send('HEAD')).statusCode);
    expect(heads.every((code) => code !== 200)).toBe(true);
    expect(await exportsBy(w.a.admin.id)).toBe(AUDIT_EXPORT_RATE_LIMIT_MAX);
  });

  it('quotes a field holding a semicolon, so no cell of a ;-separated reading starts a formula', async () => {
    expect(csvField("x;=1+cmd|' /C calc'!A0")).toBe(`"x;=1+cmd|' /C calc'!A0"`);
    await t.db.prisma.user.update({
      where: { id: w.b.admin.id },
      data: { displayName: 'Eve;=HYPERLINK(A1)' },
    });
    await addEvent(t, { at: minute(1), actorId: w.b.admin.id, companyId: w.b.id });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/audit/export?format=csv',
      headers: { cookie: w.b.admin.session.cookie },
    });
    expect(res.statusCode).toBe(200);
    // Read as Excel reads it with ";" as the separator (quotes still group): no cell may start
    // with a formula character.
    for (const line of res.body.split('\r\n')) {
      for (const c of cellsOf(line, ';')) expect(c).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('prefixes a field starting with a full-width = + - or @, which some locales run too', async () => {
    await t.db.prisma.user.update({
      where: { id: w.a.owner.id },
      data: { displayName: '\uff1dHYPERLINK("http://evil.example","pay")' },
    });
    await addEvent(t, {
      at: minute(2),
      actorId: w.a.owner.id,
      companyId: w.a.id,
      target: '\uff20SUM(1+1)',
      details: { note: 'x' },
    });
    await addEvent(t, { at: minute(3), companyId: w.a.id, target: '\uff0b1' });
    await addEvent(t, { at: minute(4), companyId: w.a.id, target: '\uff0d1' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/audit/export?format=csv',
      headers: { cookie: w.a.owner.session.cookie },
    });
    expect(res.statusCode).toBe(200);
    const cells = res.body
      .split('\r\n')
      .flatMap((line) => cellsOf(line, ','))
      .map((cell) => cell.replaceAll('"', ''));
    expect(cells).toContain("'\uff1dHYPERLINK(http://evil.example,pay)");
    expect(cells).toEqual(expect.arrayContaining(["'\uff20SUM(1+1)", "'\uff0b1", "'\uff0d1"]));
    for (const c of cells) expect(c).not.toMatch(/^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/);
  });
});
