import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUBSCRIPTION_STATUS } from '@portico/contracts';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { assertStillAdmin } from '../company/acting-admin.js';
import { sessionOf } from '../sessions/session-guard.js';

/**
 * subscriptions.update: joins (beta) or leaves (dis) the beta of a status-2 application for
 * the session's current company. Only the company's owner or an admin may (the contract's
 * level is `company-admin`): beta access changes what every member of the company gets, so it
 * is not for any member to decide, whatever the specification's "every signed-in user manages
 * ... beta access" suggests (issue 12; docs/administration.md).
 * Unknown applications and those not offered at all are not_found; a status-3 application
 * (a paid subscription, whose Subscribe action the specification does not show) and a session
 * without a company are app_access_prohibited. Leaving removes only a beta row, never a
 * subscription. The caller's roles are read again last (company/acting-admin.ts): the call may
 * have waited on the application's row while the caller was removed or lost the admin role.
 */
export async function updateSubscription(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { app: string; status: 'beta' | 'dis' },
): Promise<void> {
  const session = sessionOf(request);
  await app.db.prisma.$transaction(async (tx) => {
    // Read under a share lock: a removal or a change of the application's status waits for this
    // join or leave, or happens first and is seen here. Read before the transaction, a removal
    // in between failed the insert's foreign key (a 500).
    const [target] = await tx.$queryRaw<{ id: string; status: number }[]>`
      SELECT id, status FROM applications WHERE id = ${input.app} FOR SHARE`;
    if (
      !target ||
      (target.status !== SUBSCRIPTION_STATUS.beta &&
        target.status !== SUBSCRIPTION_STATUS.subscription)
    ) {
      throw new ApiError('not_found');
    }
    const companyId = session.companyId;
    if (target.status !== SUBSCRIPTION_STATUS.beta || !companyId) {
      throw new ApiError('app_access_prohibited');
    }
    const changed =
      input.status === 'beta'
        ? await tx.companySubscription.createMany({
            data: [{ companyId, appId: target.id, status: 'beta' }],
            skipDuplicates: true,
          })
        : await tx.companySubscription.deleteMany({
            where: { companyId, appId: target.id, status: 'beta' },
          });
    await recordAudit(tx, {
      ...auditContext(request),
      companyId,
      action: 'subscription.update',
      target: target.id,
      details: { status: input.status, changed: changed.count > 0 },
    });
    await assertStillAdmin(tx, session);
  });
}
