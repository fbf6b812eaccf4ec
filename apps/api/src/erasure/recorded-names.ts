import type { Prisma } from '@portico/db';
import { ATTEMPT_USERNAME_MAX } from '../auth/check-credentials.js';

type Tx = Prisma.TransactionClient;

/** The values that name a person in what was recorded about them, lowercased. */
export interface RecordedNames {
  /** In the person's own records (they acted, or are the target by id): every form. */
  own: ReadonlySet<string>;
  /** In any record: every form but a cut one that is another account's whole name. */
  anywhere: ReadonlySet<string>;
}

/**
 * The e-mail and the username, and each cut to ATTEMPT_USERNAME_MAX characters: a sign-in keeps
 * no more of what was typed (the audit target and `details.login` of auth.sign_in_failed,
 * login_attempts.username), so an address longer than that is recorded cut and must be erased
 * cut. A cut form that is exactly another account's e-mail or username may be that person's
 * own sign-in: it is erased only from records tied to the erased account.
 */
export async function recordedNames(
  tx: Tx,
  user: { id: string; email: string; username: string },
): Promise<RecordedNames> {
  const whole = [user.email.toLowerCase(), user.username.toLowerCase()];
  const cut = whole
    .map((name) => name.slice(0, ATTEMPT_USERNAME_MAX))
    .filter((name) => !whole.includes(name));
  const taken =
    cut.length === 0
      ? []
      : await tx.$queryRaw<{ name: string }[]>`
          SELECT n.name FROM unnest(${cut}::text[]) AS n(name)
           WHERE EXISTS (SELECT 1 FROM users u
                          WHERE u.id <> ${user.id}
                            AND (lower(u.email) = n.name OR lower(u.username) = n.name))`;
  const others = new Set(taken.map((row) => row.name));
  return {
    own: new Set([...whole, ...cut]),
    anywhere: new Set([...whole, ...cut.filter((name) => !others.has(name))]),
  };
}
