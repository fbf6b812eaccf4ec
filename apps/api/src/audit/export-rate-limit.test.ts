import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform } from '../../test/factories.js';
import { sendCall } from '../../test/send-call.js';
import type { Member, Trail } from './audit.fixtures.js';
import { seedTrail } from './audit.fixtures.js';
import { AUDIT_EXPORT_RATE_LIMIT_MAX } from './export-rate-limit.js';

/**
 * audit.export reads up to 100,000 events a call: one account may start only so many a minute.
 * The limit is the account's (others behind the same address still export), answers its own
 * code, and bans no address.
 */
describe('audit.export rate limit', () => {
  let t: TestApp;
  let w: Trail;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
    w = await seedTrail(t);
  });
  afterAll(() => t.close());

  const exportAs = (caller: Member) =>
    sendCall(
      t,
      calls.audit.exportEvents,
      { query: { format: 'jsonl' } },
      {
        cookie: caller.session.cookie,
      },
    );
  const exportsBy = (caller: Member) =>
    t.db.prisma.auditEvent.count({ where: { action: 'audit.export', actorId: caller.id } });

  it('refuses an account past the limit with export_rate_limited, reading and recording nothing', async () => {
    for (let i = 0; i < AUDIT_EXPORT_RATE_LIMIT_MAX; i += 1) {
      expect((await exportAs(w.a.admin)).statusCode).toBe(200);
    }
    const refused = await exportAs(w.a.admin);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ Code: 'export_rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await exportsBy(w.a.admin)).toBe(AUDIT_EXPORT_RATE_LIMIT_MAX);
    // A signed-in administrator exporting too often is not an attack on sign-in.
    expect(await t.db.prisma.ipBan.count()).toBe(0);
  });

  it('limits the account, not its address: others behind it still export', async () => {
    expect((await exportAs(w.a.owner)).statusCode).toBe(200);
    expect((await exportAs(w.b.admin)).statusCode).toBe(200);
  });

  it('is not lifted by whitelisting the address', async () => {
    await t.db.prisma.ipWhitelistEntry.create({ data: { ip: '127.0.0.1' } });
    t.app.abuse.whitelist.invalidate();
    expect((await exportAs(w.a.admin)).json()).toMatchObject({ Code: 'export_rate_limited' });
  });
});
