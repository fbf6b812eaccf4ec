import type { FastifyInstance } from 'fastify';
import type { Prisma } from '@portico/db';
import type { RoleGroup } from '../users/role-definitions.js';
import type { Grant } from '../users/role-rules.js';
import { inviteLink, newInviteCode } from './invite-code.js';
import type { InvitedApp } from './send-invite-mail.js';
import { inviteMail } from './send-invite-mail.js';

type Db = Prisma.TransactionClient;

/** Who invites whom to what: one application's part of an invitation. */
export interface InvitationInput {
  companyId: string;
  email: string;
  /** The account with that e-mail, when one exists: linked at once. */
  userId: string | null;
  invitedById: string;
  grant: Grant;
  /** The application's grantable group (for the names the mail shows). */
  group: RoleGroup | undefined;
}

/**
 * Writes one application's pending invitation: a new row, or a pending one given the new roles
 * and a new code (its old link stops working). Answers the application's lines of the mail.
 * Callers hold the per-person lock and have checked section 6 and that the roles are grantable.
 */
export async function writeInvitation(
  tx: Db,
  publicUrl: string,
  input: InvitationInput,
): Promise<InvitedApp> {
  const { companyId, email, grant, group } = input;
  const code = newInviteCode();
  const fresh = {
    userId: input.userId,
    inviteCodeHash: code.hash,
    inviteExpiresAt: code.expiresAt,
    inviteSentAt: new Date(),
    invitedById: input.invitedById,
  };
  const access = await tx.access.upsert({
    where: { companyId_appId_email: { companyId, appId: grant.app, email } },
    create: { companyId, appId: grant.app, email, status: 'pending', ...fresh },
    update: fresh,
    select: { id: true },
  });
  await tx.accessRole.deleteMany({ where: { accessId: access.id } });
  await tx.accessRole.createMany({
    data: grant.roles.map((roleId) => ({ accessId: access.id, appId: grant.app, roleId })),
  });
  return {
    appName: group?.name ?? grant.app,
    roleNames: grant.roles.map(
      (roleId) => group?.roles.find((role) => role.id === roleId)?.name ?? roleId,
    ),
    link: inviteLink(publicUrl, code.code, email),
  };
}

/**
 * Mails the accept links of the applications just invited. Send it last inside the
 * transaction: a refused mail (mail_failed) then rolls the invitations back.
 */
export async function mailInvitation(
  app: FastifyInstance,
  tx: Db,
  companyId: string,
  email: string,
  invited: InvitedApp[],
): Promise<void> {
  const company = await tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { name: true },
  });
  await app.mailer.send(inviteMail(email, company.name, invited));
}
