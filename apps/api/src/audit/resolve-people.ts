import type { Prisma } from '@portico/db';

type Reader = Pick<Prisma.TransactionClient, 'user'>;

/**
 * The values an actor or target filter matches: the ids of the accounts whose id, username or
 * e-mail the term is (usernames and e-mails are stored lowercased), or, when it names no
 * account, the term itself (an erased account's id, an IP, `client:<id>`). Resolving an
 * account of another company tells a company admin nothing: their scope still holds only
 * their company's events.
 */
export async function resolvePeople(db: Reader, term: string): Promise<string[]> {
  const lower = term.toLowerCase();
  const users = await db.user.findMany({
    where: { OR: [{ id: term }, { username: lower }, { email: lower }] },
    select: { id: true },
    take: 3,
  });
  return users.length > 0 ? [...new Set(users.map((user) => user.id))] : [term];
}
