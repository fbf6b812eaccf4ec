import { GLOBAL_APP_ID, GLOBAL_APP_NAME } from '@portico/contracts';
import type { Database } from '../db.js';
import { ApiError } from '../http/api-error.js';
import type { Prisma } from '@portico/db';
import type { Invitation, InvitationState } from './accept-find-invitation.js';
import { findInvitation, invitationState } from './accept-find-invitation.js';

/** What invites.details and invites.accept answer for an invitation that cannot be used. */
export function assertInvitationOpen(state: InvitationState): void {
  if (state === 'missing') throw new ApiError('not_found');
  if (state === 'accepted') throw new ApiError('invite_accepted');
  if (state === 'expired') throw new ApiError('invite_expired');
}

/** The invitation named by a link, when it can still be accepted; otherwise its failure code. */
export async function requireOpenInvitation(
  db: Pick<Prisma.TransactionClient, 'access'>,
  code: string,
  email: string,
): Promise<Invitation> {
  const invitation = await findInvitation(db, code, email);
  assertInvitationOpen(invitationState(invitation));
  if (!invitation) throw new ApiError('not_found');
  return invitation;
}

/**
 * invites.details: what the invitation grants (company, application, roles) and whether the
 * invitee already has an account (otherwise the portal goes on to /reg).
 */
export async function inviteDetails(db: Database, code: string, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  const invitation = await requireOpenInvitation(db.prisma, code, email);
  const row = await db.prisma.access.findUniqueOrThrow({
    where: { id: invitation.id },
    select: {
      status: true,
      company: { select: { id: true, name: true } },
      app: { select: { id: true, name: true } },
      roles: {
        select: { role: { select: { id: true, name: true } } },
        orderBy: { roleId: 'asc' },
      },
    },
  });
  const registered = await db.prisma.user.findUnique({ where: { email }, select: { id: true } });
  // One invitation, one acceptance (issue 17): the link accepts these too (accept-claim.ts).
  const others = await db.prisma.access.findMany({
    where: {
      companyId: row.company.id,
      email,
      status: 'pending',
      id: { not: invitation.id },
      OR: [{ inviteExpiresAt: null }, { inviteExpiresAt: { gt: new Date() } }],
    },
    select: {
      app: { select: { id: true, name: true } },
      roles: {
        select: { role: { select: { id: true, name: true } } },
        orderBy: { roleId: 'asc' },
      },
    },
    orderBy: { appId: 'asc' },
  });
  return {
    com: row.company,
    app: namedApp(row.app),
    roles: row.roles.map((grant) => grant.role),
    also: others.map((other) => ({
      app: namedApp(other.app),
      roles: other.roles.map((grant) => grant.role),
    })),
    access: code,
    email,
    status: row.status,
    registered: registered !== null,
  };
}

/** The application as the invitation names it: the company's roles are "Company". */
function namedApp(app: { id: string; name: string }) {
  return app.id === GLOBAL_APP_ID ? { id: GLOBAL_APP_ID, name: GLOBAL_APP_NAME } : app;
}
