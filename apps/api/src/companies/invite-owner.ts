import { GLOBAL_APP_ID, OWNER_ROLE_ID, PRODUCT_NAME } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { oneLine } from '../mail/one-line.js';
import { INVITE_TTL_DAYS, inviteLink, newInviteCode } from '../invites/invite-code.js';
import { lockAccessOf } from '../users/access-lock.js';
import { withdrawOwnerInvitations } from '../ownership/withdraw-owner-invitations.js';
import { assertMayOwn, lockNewOwnerAccount } from '../ownership/new-owner-account.js';

type Tx = Prisma.TransactionClient;

export interface InviteOwnerInput {
  companyId: string;
  /** Lowercased by the caller. */
  email: string;
  invitedById: string | null;
}

export type InviteOwnerOutcome = 'invited' | 'resent' | 'promoted';

/**
 * Invites (or re-invites) a company's owner in the caller's transaction and returns the e-mail
 * to send, which the caller sends last in that transaction (so a refused mail undoes it). See
 * docs/administration.md, "Owner invitation":
 * - a verified owner with that e-mail: `verified`, nothing changes;
 * - a verified member without the owner role: the role is added at once (the person already
 *   accepted membership of the company; there is nothing left to accept) and told by e-mail;
 * - otherwise a pending global access with the owner role is created or refreshed (new code,
 *   expiry, sent time), and the link is e-mailed. Any other pending owner invitation of the
 *   company is withdrawn: a company waits for at most one owner invitation. Verified owners
 *   keep their access until removed on the users screen.
 */
export async function inviteOwner(
  tx: Tx,
  publicUrl: string,
  input: InviteOwnerInput,
): Promise<{ outcome: InviteOwnerOutcome; mail: OutgoingMail }> {
  // The company row lock serialises owner invitations of one company, and every change of its
  // owner (NO KEY UPDATE: ownership/transfer-ownership.ts); then the account's row, so the
  // status a promotion is decided on stays true until it commits (new-owner-account.ts); then
  // the person's lock, as their role updates and removals take it (users/access-lock.ts), so
  // an administrator's removal of a member being made owner waits and then finds an owner.
  const locked = await tx.$queryRaw<{ name: string }[]>`
    SELECT name FROM companies WHERE id = ${input.companyId} FOR NO KEY UPDATE`;
  const company = locked[0];
  if (!company) throw new ApiError('not_found');
  const status = await lockNewOwnerAccount(tx, input.email);
  await lockAccessOf(tx, input.companyId, input.email);

  const key = { companyId: input.companyId, appId: GLOBAL_APP_ID, email: input.email };
  const existing = await tx.access.findUnique({
    where: { companyId_appId_email: key },
    select: { id: true, status: true, roles: { select: { roleId: true } } },
  });
  const isOwner = existing?.roles.some((role) => role.roleId === OWNER_ROLE_ID) ?? false;
  if (existing?.status === 'verified') {
    if (isOwner) throw new ApiError('verified', 'This e-mail is already the verified owner.');
    // Made owner at once, as the owner's own transfer would: not an account that cannot sign in.
    assertMayOwn(status);
    await tx.accessRole.create({
      data: { accessId: existing.id, appId: GLOBAL_APP_ID, roleId: OWNER_ROLE_ID },
    });
    return { outcome: 'promoted', mail: ownerGrantedMail(input.email, company.name, publicUrl) };
  }

  await withdrawOwnerInvitations(tx, input.companyId, { keepEmail: input.email });
  const user = await tx.user.findUnique({ where: { email: input.email }, select: { id: true } });
  const invite = newInviteCode();
  const fresh = {
    userId: user?.id ?? null,
    inviteCodeHash: invite.hash,
    inviteExpiresAt: invite.expiresAt,
    inviteSentAt: new Date(),
    invitedById: input.invitedById,
  };
  const access = await tx.access.upsert({
    where: { companyId_appId_email: key },
    create: { ...key, ...fresh, status: 'pending' },
    update: fresh,
    select: { id: true },
  });
  await tx.accessRole.createMany({
    data: [{ accessId: access.id, appId: GLOBAL_APP_ID, roleId: OWNER_ROLE_ID }],
    skipDuplicates: true,
  });
  const link = inviteLink(publicUrl, invite.code, input.email);
  return {
    outcome: existing && isOwner ? 'resent' : 'invited',
    mail: ownerInviteMail(input.email, company.name, link),
  };
}

function ownerInviteMail(to: string, name: string, link: string): OutgoingMail {
  // The company's administrators chose its name: one line (mail/one-line.ts).
  const companyName = oneLine(name);
  return {
    to,
    subject: `${PRODUCT_NAME}: you are invited to own ${companyName}`,
    text: [
      `You have been invited to be the owner of ${companyName} on ${PRODUCT_NAME}.`,
      '',
      `Accept the invitation: ${link}`,
      '',
      `The link is valid for ${INVITE_TTL_DAYS} days. If you did not expect this message, ignore it.`,
    ].join('\n'),
  };
}

function ownerGrantedMail(to: string, name: string, publicUrl: string): OutgoingMail {
  const companyName = oneLine(name);
  return {
    to,
    subject: `${PRODUCT_NAME}: you are now an owner of ${companyName}`,
    text: [
      `A platform administrator made you an owner of ${companyName} on ${PRODUCT_NAME}.`,
      '',
      `Sign in: ${publicUrl}/`,
    ].join('\n'),
  };
}
