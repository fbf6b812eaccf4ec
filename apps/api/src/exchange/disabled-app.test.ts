import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createApp } from '../../test/factories.js';
import { issuedExchangeCode } from './exchange.fixtures.js';

/**
 * Disabling an application deletes its clients' unused codes (apps/routes.ts), but a company
 * choice that passed its app_disabled gate just before the switch inserts its code just after
 * that delete. The exchange itself must refuse a code of a disabled application's client
 * (code_invalid, as any code that cannot be exchanged: docs/integration.md), or such a code
 * still hands the user's identity and roles to the disabled application's server.
 */
describe('the code exchange of a disabled application', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  /** A code issued, as the company choice does, for a client of a released application. */
  const issued = async () =>
    issuedExchangeCode(t, (await createApp(t, { status: 3, roles: ['viewer'] })).id);

  it('refuses a code that outlived the deletion of the codes when the application was disabled', async () => {
    const code = await issued();
    // The status as the disable leaves it, with the code still there (inserted after its delete).
    await t.db.prisma.application.update({ where: { id: code.appId }, data: { status: 0 } });
    const answer = await code.exchange();
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ Code: 'code_invalid', Msg: 'code_invalid' });
    // Burnt like any refused code, and audited with its reason.
    const row = await t.db.prisma.exchangeCode.findUniqueOrThrow({
      where: { codeHash: code.codeHash },
    });
    expect(row.usedAt).not.toBeNull();
    const refused = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'exchange.refused', clientId: code.clientId },
    });
    expect(refused.details).toMatchObject({ reason: 'app_disabled' });
  });

  it('a removed client takes its codes with it: its server is no longer a client', async () => {
    const code = await issued();
    await t.db.prisma.client.delete({ where: { id: code.clientId } });
    expect((await code.exchange()).json()).toMatchObject({ Code: 'client_unauthorized' });
    expect(await t.db.prisma.exchangeCode.count({ where: { codeHash: code.codeHash } })).toBe(0);
  });

  it('still exchanges the code of an application enabled again before the exchange', async () => {
    const code = await issued();
    await t.db.prisma.application.update({ where: { id: code.appId }, data: { status: 0 } });
    await t.db.prisma.application.update({ where: { id: code.appId }, data: { status: 2 } });
    expect((await code.exchange()).json()).toMatchObject({
      Code: '200',
      Msg: { roles: ['viewer'] },
    });
  });
});
