import type { Prisma } from '@portico/db';
import { sha256 } from '../credentials/tokens.js';

type Reader = Pick<Prisma.TransactionClient, 'access'>;

/** An invitation as the link names it: the access row with that code and that e-mail. */
export interface Invitation {
  id: string;
  companyId: string;
  appId: string;
  email: string;
  status: 'pending' | 'verified';
  inviteExpiresAt: Date | null;
}

/**
 * `open`: pending and unexpired; `accepted`: already verified (checked before expiry, so a
 * used link says so even after its date); `expired`; `missing`: no such code for that e-mail.
 */
export type InvitationState = 'open' | 'accepted' | 'expired' | 'missing';

/** Finds the access row by the SHA-256 of its code AND its (lowercased) e-mail. */
export async function findInvitation(
  db: Reader,
  code: string,
  email: string,
): Promise<Invitation | null> {
  const row = await db.access.findUnique({
    where: { inviteCodeHash: sha256(code) },
    select: {
      id: true,
      companyId: true,
      appId: true,
      email: true,
      status: true,
      inviteExpiresAt: true,
    },
  });
  return row && row.email === email.trim().toLowerCase() ? row : null;
}

export function invitationState(invitation: Invitation | null, now = new Date()): InvitationState {
  if (!invitation) return 'missing';
  if (invitation.status === 'verified') return 'accepted';
  if (invitation.inviteExpiresAt && invitation.inviteExpiresAt.getTime() <= now.getTime()) {
    return 'expired';
  }
  return 'open';
}
