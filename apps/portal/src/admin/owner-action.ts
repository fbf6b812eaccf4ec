import { ACCESS_ENTRY_STATUS, type OwnerAction } from '@portico/contracts';

/**
 * The owner column (sections 2 and 4): Invite while no owner invitation exists, Change once the
 * owner is verified, Resend for any other status (a pending invitation).
 */
export function ownerAction(access: { status: string } | undefined): OwnerAction {
  if (access === undefined) return 'invite';
  return access.status === ACCESS_ENTRY_STATUS.verified ? 'change' : 'resend';
}
