import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESEND_INVITE_COOLDOWN_MS } from '@portico/contracts';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { assertStillAdmin } from '../company/acting-admin.js';
import { sessionOf } from '../sessions/session-guard.js';
import { lockCallerAndTarget } from '../users/acting-admin-lock.js';
import { companyOf } from '../users/company-member.js';
import { assertMayManageInvitation, noLongerPending } from './invitation-rules.js';
import { inviteLink, newInviteCode } from './invite-code.js';
import { inviteMail } from './send-invite-mail.js';

/**
 * invites.resend: a new code (the previous link stops working), a new expiry and a new mail for
 * one pending invitation of the current company. The portal waits 30 s between resends; the
 * server enforces it too, from the row's invite_sent_at (rate_limit_exceeded with
 * `retry_after_ms`), under the per-person lock so two resends at once send one mail. Section 6
 * applies as to invites.remove: an owner or admin's invitation is resent only by an owner.
 */
export async function resendInvite(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; app: string },
): Promise<void> {
  const session = sessionOf(request);
  const companyId = companyOf(session);
  const email = input.email.trim().toLowerCase();
  await app.db.prisma.$transaction(async (tx) => {
    await lockCallerAndTarget(tx, session, email);
    const row = await tx.access.findUnique({
      where: { companyId_appId_email: { companyId, appId: input.app, email } },
      select: {
        id: true,
        status: true,
        userId: true,
        inviteSentAt: true,
        app: { select: { name: true } },
        company: { select: { name: true } },
        roles: { select: { role: { select: { name: true } } }, orderBy: { roleId: 'asc' } },
      },
    });
    if (!row) throw new ApiError('not_found');
    if (row.status === 'verified') throw new ApiError('verified', 'The invitation was accepted.');
    await assertMayManageInvitation(tx, session, companyId, { email, userId: row.userId });
    // Still an administrator here? Read again under the caller's lock (acting-admin-lock.ts).
    await assertStillAdmin(tx, session);
    const waited = row.inviteSentAt ? Date.now() - row.inviteSentAt.getTime() : Infinity;
    if (waited < RESEND_INVITE_COOLDOWN_MS) {
      throw new ApiError('rate_limit_exceeded', {
        retry_after_ms: RESEND_INVITE_COOLDOWN_MS - waited,
      });
    }
    const code = newInviteCode();
    // Only while still pending: an acceptance that held the row since the read above has made it
    // a verified access, which gets no new link.
    const updated = await tx.access.updateMany({
      where: { id: row.id, status: 'pending' },
      data: {
        inviteCodeHash: code.hash,
        inviteExpiresAt: code.expiresAt,
        inviteSentAt: new Date(),
      },
    });
    if (updated.count === 0) throw await noLongerPending(tx, row.id);
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'invite.resend',
      target: row.id,
      details: { email, app: input.app },
    });
    await app.mailer.send(
      inviteMail(email, row.company.name, [
        {
          appName: row.app.name,
          roleNames: row.roles.map((grant) => grant.role.name),
          link: inviteLink(app.config.PUBLIC_URL, code.code, email),
        },
      ]),
    );
  });
}
