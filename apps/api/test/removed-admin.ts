import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from './harness.js';
import { signedInMember } from './factories.js';
import { holdRow } from './row-lock.js';

/**
 * A second platform administrator's `call`, made while the test holds `table`'s row `rowId`
 * (which the call waits on), and the administrator removed from core1 by `ownerCookie`'s
 * session meanwhile; then the row is released. What the call answers once the removal has
 * committed: the race every `removed-admin-races.test.ts` of the platform's calls is about.
 */
export async function platformAdminRemovedWhileWaiting(
  t: TestApp,
  ownerCookie: string,
  row: { table: string; id: string },
  call: (cookie: string) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const admin = await signedInMember(t, PLATFORM_COMPANY_ID, ['admin']);
  const held = await holdRow(t, row.table, row.id);
  const pending = call(admin.session.cookie);
  await held.waitingOnLocks(1);
  const removal = await t.app.inject({
    method: 'POST',
    url: '/v1/user/company/remove',
    headers: { cookie: ownerCookie },
    payload: { email: admin.email },
  });
  expect(removal.json()).toMatchObject({ Code: '200' });
  await held.release();
  return pending;
}
