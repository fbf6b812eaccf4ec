import type { Prisma } from '@portico/db';
import { revokeGrantsOfSessions } from '../oidc/grants.js';

type Tx = Prisma.TransactionClient;

/** What is erased in place of a name or an address where a record must stay. */
export const ERASED = '[erased]';

/** A value as it appears inside a JSON string (the audit details are JSON). */
function asJsonText(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/**
 * Erases an account and the personal data kept about it (the GDPR erasure path,
 * docs/accounts.md), in the caller's transaction:
 * - the user row, and with it by cascade its sessions (every one ends), devices, MPIN,
 *   passkeys, access, names per company, branch assignments, device and exchange codes and
 *   reset tokens;
 * - invitations still addressed to its e-mail, queued mails to it, its sign-in attempts (they
 *   carry the username and the address), its avatar;
 * - in the audit trail, which stays: the actor link is cut, the IP of what it did is dropped,
 *   and its e-mail and username are replaced by "[erased]" wherever a record names them. The
 *   random user id remains as a target: it names nobody once the row is gone.
 */
export async function eraseAccount(
  tx: Tx,
  user: { id: string; email: string; username: string; avatarId: string | null },
): Promise<void> {
  const email = user.email.toLowerCase();
  const username = user.username.toLowerCase();

  await tx.loginAttempt.deleteMany({
    where: { OR: [{ userId: user.id }, { username }] },
  });
  await tx.access.deleteMany({ where: { email } });
  await tx.$executeRaw`DELETE FROM mail_jobs WHERE position(${email} in lower(payload::text)) > 0`;

  await tx.$executeRaw`UPDATE audit_events SET ip = NULL WHERE actor_id = ${user.id}`;
  for (const value of [email, username]) {
    const text = asJsonText(value);
    await tx.$executeRaw`
      UPDATE audit_events
         SET details = replace(details::text, ${text}, ${ERASED})::jsonb
       WHERE details IS NOT NULL AND position(${text} in details::text) > 0`;
    await tx.$executeRaw`UPDATE audit_events SET target = ${ERASED} WHERE lower(target) = ${value}`;
  }

  await revokeGrantsOfSessions(tx, { userId: user.id });
  await tx.user.delete({ where: { id: user.id } });
  if (user.avatarId) await tx.storedImage.deleteMany({ where: { id: user.avatarId } });
}
