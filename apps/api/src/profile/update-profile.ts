import type { Database } from '../db.js';
import type { AuditEntry } from '../audit/record-audit.js';
import { recordAudit } from '../audit/record-audit.js';
import { ApiError } from '../http/api-error.js';
import { lockAccessOfAccount } from '../users/access-lock.js';

export interface ProfileChange {
  dis: string;
  fname: string;
  lname: string;
}

/**
 * The display name belongs to the account (users.display_name); first and last names belong to
 * the user's membership of the session's current company (user_preferences), as the users
 * screen edits them per company. Without a current company there is no preference record to
 * write, so only the display name changes.
 */
export async function updateProfile(
  db: Database,
  session: { userId: string; companyId: string | null },
  change: ProfileChange,
  audit: Pick<AuditEntry, 'actorId' | 'companyId' | 'clientId' | 'ip'>,
): Promise<void> {
  await db.prisma.$transaction(async (tx) => {
    if (session.companyId !== null) {
      // Under the person's lock in the company, as an administrator's rename takes it
      // (users/update-preference.ts): a removal from the company at the same moment runs
      // before, and then its session has ended with the membership (nothing is written), or
      // after, taking these names along; never names left for a non-member.
      const email = await lockAccessOfAccount(tx, session.companyId, session.userId);
      const member =
        email !== null &&
        (await tx.access.count({ where: { companyId: session.companyId, email } })) > 0;
      if (!member) throw new ApiError('session_invalid');
    }
    await tx.user.update({
      where: { id: session.userId },
      data: { displayName: change.dis },
    });
    const fields = ['dis'];
    if (session.companyId !== null) {
      const names = { fname: change.fname, lname: change.lname };
      await tx.userPreference.upsert({
        where: { userId_companyId: { userId: session.userId, companyId: session.companyId } },
        create: { userId: session.userId, companyId: session.companyId, ...names },
        update: names,
      });
      fields.push('fname', 'lname');
    }
    await recordAudit(tx, {
      ...audit,
      action: 'profile.update',
      target: session.userId,
      details: { fields },
    });
  });
}
