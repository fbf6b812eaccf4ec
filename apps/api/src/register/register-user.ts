import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '@portico/db';
import { recordAudit } from '../audit/record-audit.js';
import { hashSecret } from '../credentials/argon2.js';
import { ApiError } from '../http/api-error.js';
import { claimInvitation } from '../invites/accept-claim.js';
import type { InvitationState } from '../invites/accept-find-invitation.js';
import { findInvitation, invitationState } from '../invites/accept-find-invitation.js';

export interface Registration {
  username: string;
  password: string;
  mobile: string;
  email: string;
  displayName: string;
  /** The invitation's access code. */
  code: string;
}

/** Registration's own codes for an invitation that cannot be used (section 8). */
function assertRegistrable(state: InvitationState): void {
  if (state === 'missing') throw new ApiError('access_not_found');
  if (state === 'accepted') throw new ApiError('verified');
  if (state === 'expired') throw new ApiError('invite_expired');
}

/**
 * Which unique field is taken: the username first, as the form shows it first. A registration
 * with this very invitation may have committed since the invitation was read (the e-mail it took
 * is the invitation's): the invitation is read again first, so that the answer is the one a used
 * link gives (`verified`), whichever of the two reads the other registration fell between.
 */
async function assertNamesFree(
  app: FastifyInstance,
  code: string,
  username: string,
  email: string,
) {
  const taken = await app.db.prisma.user.findFirst({
    where: { OR: [{ username }, { email }] },
    select: { username: true },
  });
  if (!taken) return;
  assertRegistrable(invitationState(await findInvitation(app.db.prisma, code, email)));
  throw new ApiError(taken.username === username ? 'user_already_enrolled' : 'email_already_inuse');
}

/**
 * register.submit: creates the account named by an invitation and accepts that invitation, in
 * one transaction. The invitation is claimed by a conditional UPDATE (so two registrations with
 * one invitation make one user; the second answers `verified`); a username or e-mail taken
 * meanwhile is caught by the unique constraints. Registrations of one e-mail
 * (two companies' invitations) are serialised by a transaction lock on it, so the second answers
 * `email_already_inuse`, never a deadlock. Claiming accepts the company's
 * other open invitations for that e-mail too (accept-claim.ts); the invitee's invitations from
 * other companies learn the user id and stay pending (each company's link accepts its own).
 */
export async function registerUser(
  app: FastifyInstance,
  request: FastifyRequest,
  input: Registration,
): Promise<void> {
  const username = input.username.toLowerCase();
  const email = input.email.trim().toLowerCase();
  assertRegistrable(invitationState(await findInvitation(app.db.prisma, input.code, email)));
  await assertNamesFree(app, input.code, username, email);
  const passwordHash = await hashSecret(input.password);

  try {
    await app.db.prisma.$transaction(async (tx) => {
      // Registrations of one e-mail (invited by two companies) wait for each other: otherwise
      // each claims its own invitation, then one waits on the other's user (the unique e-mail)
      // while the other waits to give the first one's invitation its user id, a deadlock.
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`register:${email}`}))) AS l`;
      // The account before the claim, so that what the claim does is done in its name: an owner
      // invitation hands the company over (company.owner_change), and its actor is the new
      // owner, as when an existing account accepts (invites/accept-invitation.ts). A claim that
      // fails rolls the account back with it.
      const user = await tx.user.create({
        data: {
          username,
          email,
          mobile: input.mobile,
          displayName: input.displayName,
          passwordHash,
          passwordChangedAt: new Date(),
        },
        select: { id: true },
      });
      const claimed = await claimInvitation(tx, {
        code: input.code,
        email,
        userId: user.id,
        ip: request.ip,
      });
      if (!claimed) {
        assertRegistrable(invitationState(await findInvitation(tx, input.code, email)));
        throw new ApiError('verified');
      }
      // Pending invitations of other companies (the rows just accepted have the account).
      await tx.access.updateMany({ where: { email, userId: null }, data: { userId: user.id } });
      await tx.userPreference.create({ data: { userId: user.id, companyId: claimed.companyId } });
      await recordAudit(tx, {
        action: 'user.register',
        actorId: user.id,
        companyId: claimed.companyId,
        target: user.id,
        ip: request.ip,
        details: { access: claimed.id, app: claimed.appId, apps: claimed.appIds },
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Taken by a registration that committed in between: name it.
    await assertNamesFree(app, input.code, username, email);
    throw error;
  }
}
