import type { Prisma } from '@portico/db';
import { revokeGrantsOfSessions } from '../oidc/grants.js';
import { eraseOidcRecords } from './erase-oidc-records.js';
import { recordedNames } from './recorded-names.js';

type Tx = Prisma.TransactionClient;

/** What is erased in place of a name or an address where a record must stay. */
export const ERASED = '[erased]';

/**
 * The details with every string that is one of `names` (compared case-insensitively) replaced
 * by ERASED, at any depth; keys and other strings, even ones that contain a name, stay as they
 * are: they are not the person's (another account's e-mail, a key such as `format`).
 */
function erasedIn(value: Prisma.JsonValue, names: ReadonlySet<string>): Prisma.JsonValue {
  if (typeof value === 'string') return names.has(value.toLowerCase()) ? ERASED : value;
  if (Array.isArray(value)) return value.map((inner) => erasedIn(inner, names));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, erasedIn(inner ?? null, names)]),
  );
}

/** The JSON text of a string as jsonb::text writes it, lowercased (quotes included). */
const quoted = (value: string) => JSON.stringify(value).toLowerCase();

/**
 * Erases an account and the personal data kept about it (the GDPR erasure path,
 * docs/accounts.md), in the caller's transaction:
 * - the user row, and with it by cascade its sessions (every one ends), devices, MPIN,
 *   passkeys, access, names per company, branch assignments, device and exchange codes and
 *   reset tokens;
 * - invitations still addressed to its e-mail, queued mails to it and Forgot requests naming
 *   it, its sign-in attempts (by the user, or by the username or the address typed, even with
 *   no user found), its avatar;
 * - the OpenID Provider's records naming it: grants, codes and tokens, its provider sessions and
 *   interactions (erase-oidc-records.ts);
 * - in the ban list, its username or e-mail among a ban's blocked users becomes "[erased]";
 * - in the audit trail, which stays: the actor link is cut, the IP of what it did is dropped,
 *   and a target or a details value that is its e-mail or username (whole, in any case, or cut
 *   as a sign-in records what was typed: recorded-names.ts) is replaced by "[erased]"; keys and other values, even containing them, are left alone. The
 *   random user id remains as a target: it names nobody once the row is gone.
 */
export async function eraseAccount(
  tx: Tx,
  user: { id: string; email: string; username: string; avatarId: string | null },
): Promise<void> {
  const email = user.email.toLowerCase();
  const username = user.username.toLowerCase();
  const { own, anywhere } = await recordedNames(tx, user);
  const names = [...anywhere];
  await tx.loginAttempt.deleteMany({
    where: { OR: [{ userId: user.id }, { username: { in: names } }] },
  });
  await tx.access.deleteMany({ where: { email } });
  // Mails to the address and Forgot requests naming the account; never a mail to another
  // address that merely contains this one (bob@ in jimbob@).
  await tx.$executeRaw`
    DELETE FROM mail_jobs
     WHERE (kind = 'mail' AND lower(payload->>'to') = ${email})
        OR (kind = 'password.forgot'
            AND lower(btrim(payload->>'identifier')) IN (${email}, ${username}))`;
  // Usernames (or e-mails) a credential-stuffing ban lists as hit from its address.
  for (const value of names) {
    await tx.$executeRaw`
      UPDATE ip_bans SET blocked_users = array_replace(blocked_users, ${value}, ${ERASED})
       WHERE ${value} = ANY(blocked_users)`;
  }
  await tx.$executeRaw`UPDATE audit_events SET ip = NULL WHERE actor_id = ${user.id}`;
  // Details that hold one of the names as a whole string value: the text test only narrows the
  // rows read, the replacement (erasedIn) looks at values alone.
  const quotedNames = [...own].map(quoted);
  const named = await tx.$queryRaw<
    { id: bigint; actor_id: string | null; target: string | null; details: Prisma.JsonValue }[]
  >`
    SELECT id, actor_id, target, details FROM audit_events
     WHERE details IS NOT NULL
       AND EXISTS (SELECT 1 FROM unnest(${quotedNames}::text[]) AS q(name)
                    WHERE position(q.name in lower(details::text)) > 0)`;
  for (const event of named) {
    const tied = event.actor_id === user.id || event.target === user.id;
    const erased = erasedIn(event.details, tied ? own : anywhere);
    if (JSON.stringify(erased) === JSON.stringify(event.details)) continue;
    await tx.$executeRaw`
      UPDATE audit_events SET details = ${JSON.stringify(erased)}::jsonb WHERE id = ${event.id}`;
  }
  await tx.$executeRaw`
    UPDATE audit_events SET target = ${ERASED}
     WHERE lower(target) = ANY(${names}::text[])
        OR (actor_id = ${user.id} AND lower(target) = ANY(${[...own]}::text[]))`;
  await revokeGrantsOfSessions(tx, { userId: user.id });
  await eraseOidcRecords(tx, user.id, [email, username]);
  await tx.user.delete({ where: { id: user.id } });
  if (user.avatarId) await tx.storedImage.deleteMany({ where: { id: user.avatarId } });
}
