import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import type { LostAccess } from './lost-access.js';
import { endWhatLostAccessEnds } from './lost-access.js';

describe('what losing access ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const liveSessions = (userId: string, companyId: string) =>
    t.db.prisma.session.count({ where: { userId, currentCompanyId: companyId, endedAt: null } });

  it('ends the sessions of someone left with nothing, not of someone with access left', async () => {
    const company = await createCompany(t);
    const emptied = await createUser(t);
    const stays = await createUser(t);
    await grantAccess(t, { companyId: company.id, user: stays, roles: ['admin'] });
    await openTestSession(t, emptied, { companyId: company.id });
    await openTestSession(t, stays, { companyId: company.id });

    const ended = await t.db.prisma.$transaction((tx) =>
      endWhatLostAccessEnds(tx, [
        { companyId: company.id, appId: 'portal', email: emptied.email, userId: emptied.id },
        { companyId: company.id, appId: 'portal', email: stays.email, userId: stays.id },
        // An invitation's loss (no account yet) ends nothing.
        { companyId: company.id, appId: 'portal', email: 'nobody@example.test', userId: null },
      ]),
    );
    expect(ended).toBe(1);
    expect(await liveSessions(emptied.id, company.id)).toBe(0);
    expect(await liveSessions(stays.id, company.id)).toBe(1);
  });

  it('reaches people past the first batch of an application removal', async () => {
    const company = await createCompany(t);
    const last = await createUser(t);
    await openTestSession(t, last, { companyId: company.id });
    // A thousand people before it, none with a session: the last is in the second batch.
    const many: LostAccess[] = Array.from({ length: 1_000 }, (_, i) => ({
      companyId: company.id,
      appId: 'portal',
      email: `gone${i}@example.test`,
      userId: `no-such-user-${i}`,
    }));
    many.push({ companyId: company.id, appId: 'portal', email: last.email, userId: last.id });

    const ended = await t.db.prisma.$transaction((tx) => endWhatLostAccessEnds(tx, many));
    expect(ended).toBe(1);
    expect(await liveSessions(last.id, company.id)).toBe(0);
  });
});
