import type { FastifyInstance } from 'fastify';
import { companies } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { handOverOwnership } from '../ownership/hand-over.js';
import { sessionOf } from '../sessions/session-guard.js';
import { assertStillAdmin } from '../company/acting-admin.js';
import { ApiError } from '../http/api-error.js';
import { listCompanies } from './list-companies.js';
import { updateCompany } from './update-company.js';
import { removeCompany } from './remove-company.js';
import { inviteOwner } from './invite-owner.js';

/** Routes: companies (tenants), for platform administrators (the guard checks core1 roles). */
export async function companiesRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, companies.list, async () => listCompanies(app.db, app.config.PUBLIC_URL));

  registerCall(app, companies.add, async ({ body }, request) => {
    await app.db.prisma.$transaction(async (tx) => {
      // ON CONFLICT DO NOTHING: a taken id (even one created a moment ago) is app_enrolled.
      const created = await tx.company.createMany({
        data: [{ id: body.id, name: body.name }],
        skipDuplicates: true,
      });
      if (created.count === 0) throw new ApiError('app_enrolled');
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'company.add',
        target: `company:${body.id}`,
        details: { name: body.name },
      });
      // Last: an administrator removed while this waited changes nothing (company/acting-admin.ts).
      await assertStillAdmin(tx, sessionOf(request));
    });
    return 'Company added';
  });

  registerCall(app, companies.update, async ({ body }, request) => {
    await app.db.prisma.$transaction(async (tx) => {
      const { imageChanged } = await updateCompany(tx, app.config.PUBLIC_URL, body);
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'company.update',
        target: `company:${body.id}`,
        details: { name: body.name, imageChanged },
      });
      await assertStillAdmin(tx, sessionOf(request));
    });
    return 'Company updated';
  });

  registerCall(app, companies.remove, async ({ query }, request) => {
    await app.db.prisma.$transaction(async (tx) => {
      const removed = await removeCompany(tx, query.id);
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'company.remove',
        target: `company:${query.id}`,
        details: { ...removed },
      });
      await assertStillAdmin(tx, sessionOf(request));
    });
    return 'Company removed';
  });

  registerCall(app, companies.inviteOwner, async ({ body }, request) => {
    const email = body.email.toLowerCase();
    await app.db.prisma.$transaction(async (tx) => {
      const { outcome, mail } = await inviteOwner(tx, app.config.PUBLIC_URL, {
        companyId: body.com,
        email,
        invitedById: sessionOf(request).userId,
      });
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'company.owner_invite',
        target: `company:${body.com}`,
        details: { email, outcome },
      });
      // A verified member is the owner at once, so the old owner steps down now; an invitee
      // takes over on acceptance (invites/accept-claim.ts).
      if (outcome === 'promoted') {
        await handOverOwnership(tx, {
          companyId: body.com,
          newOwnerEmail: email,
          action: 'company.owner_change',
          audit: auditContext(request),
        });
      }
      // An administrator removed while this waited makes nobody an owner.
      await assertStillAdmin(tx, sessionOf(request));
      // Last: if the mail server refuses, the call answers mail_failed and nothing changed.
      await app.mailer.send(mail);
    });
    return 'Invitation sent';
  });
}
